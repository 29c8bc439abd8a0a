import type { ContentAsset, ContentType } from "~/models/content";
import type { SiteId } from "~/models/site";

/** An entry as a provider returns it: any status, data not yet validated. */
export interface ContentRecord {
  site: string;
  type: string;
  key: string;
  status: string;
  title: string;
  data: unknown;
  updatedAt: Date;
}

/** An asset and where its source file is, relative to public/. */
export interface AssetRecord extends ContentAsset {
  file: string;
}

/**
 * The content system as the shop sees it (docs/architecture.md "Providers"). The
 * embedded provider reads our database; a headless-CMS adapter implements the same
 * two reads over HTTP and is chosen by CONTENT_PROVIDER. Publish filtering, site
 * precedence, validation and caching stay in the service, above any provider.
 */
export interface ContentProvider {
  /** Entries of a type for the site and for "ALL", every status; one key, or all keys. */
  findEntries(site: SiteId, type: ContentType, key?: string): Promise<ContentRecord[]>;
  /** An image asset by id, or null. */
  getAsset(id: string): Promise<AssetRecord | null>;
}
