// jsdom lays nothing out, so every element's offsetParent is null and antd-mobile's InfiniteScroll
// never asks for a page. Giving elements the body as their offsetParent (as a laid-out page
// would) lets a paged list load its first page in a test.
export function layOutPagedLists(): void {
  beforeAll(() => {
    jest.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
  });
  afterAll(() => jest.restoreAllMocks());
}
