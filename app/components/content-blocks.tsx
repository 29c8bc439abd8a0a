import { Link } from "@remix-run/react";
import { isExternalUrl, parseInline, type ContentBlock } from "~/models/content";
import { ContentImage } from "./content-image";
import { ContentLinkTo } from "./content-link";

/** Paragraph text with its [text](url) links. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) =>
        part.url === undefined ? (
          <span key={index}>{part.text}</span>
        ) : isExternalUrl(part.url) ? (
          <a key={index} href={part.url} rel="noopener">
            {part.text}
          </a>
        ) : (
          <Link key={index} to={part.url}>
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}

/** A content page's body, block by block. Text is rendered as text: content never injects HTML. */
export function ContentBlocks({
  blocks,
  assets,
}: {
  blocks: ContentBlock[];
  assets: Record<string, { width: number; height: number; alt: string }>;
}) {
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
          case "image": {
            const asset = assets[block.image.id];
            return asset ? (
              <ContentImage
                key={index}
                id={block.image.id}
                alt={block.image.alt ?? asset.alt}
                width={asset.width}
                height={asset.height}
                className="content-picture"
              />
            ) : null;
          }
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
