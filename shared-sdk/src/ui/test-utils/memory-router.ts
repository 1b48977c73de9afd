// Tests render remote pages inside a MemoryRouter: the same router module the SDK entry
// exports, so the pages' hooks find it.
export { MemoryRouter } from '../../routing/router';
