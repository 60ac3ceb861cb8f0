// The admin module's front door: the administration area's read model (docs/architecture.md, "Modules").
export { ExplorerService } from './explorer.service.js';
export { ExplorerResolver } from './explorer.resolver.js';
export { decodeCursor, type KeysetPosition, type Page, pageSize, toConnection, toPage } from './keyset-page.js';
export { PageInfo } from './explorer.types.js';
