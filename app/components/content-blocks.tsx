import type { AssetSizes, ContentBlock } from "~/models/content";
import { parseInline } from "~/models/content-links";
import { ContentPicture } from "./content-image";
import { ContentLinkTo } from "./content-link";

/** Paragraph text with its [text](url) links. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) =>
        part.url === undefined ? (
          <span key={index}>{part.text}</span>
        ) : (
          <ContentLinkTo key={index} link={{ text: part.text, url: part.url }} />
        ),
      )}
    </>
  );
}

/** A content page's body, block by block. Text is rendered as text: content never injects HTML. */
export function ContentBlocks({ blocks, assets }: { blocks: ContentBlock[]; assets: AssetSizes }) {
  return (
    <div className="content-body">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading":
            return <h2 key={index}>{block.text}</h2>;
          case "paragraph":
            return (
              <p key={index}>
                <Inline text={block.text} />
              </p>
            );
          case "list":
            return (
              <ul key={index}>
                {block.items.map((item) => (
                  <li key={item}>
                    <Inline text={item} />
                  </li>
                ))}
              </ul>
            );
          case "questions":
            return (
              <section key={index} className="faq-list" aria-label={block.heading ?? "Questions"}>
                {block.heading ? <h2>{block.heading}</h2> : null}
                {block.items.map((item) => (
                  <details key={item.question} className="faq-item">
                    <summary>{item.question}</summary>
                    <p>
                      <Inline text={item.answer} />
                    </p>
                  </details>
                ))}
              </section>
            );
          case "image":
            return <ContentPicture key={index} image={block.image} assets={assets} />;
          case "cta":
            return (
              <p key={index}>
                <ContentLinkTo link={block.link} className="button button--primary" />
              </p>
            );
        }
      })}
    </div>
  );
}
