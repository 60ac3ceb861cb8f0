// The admin module's front door: the administration area's read model (docs/architecture.md, "Modules").
export { ExplorerService } from './explorer.service.js';
export { ExplorerResolver } from './explorer.resolver.js';
