import Hummingbird
import Library

/// Prolific Library on the web: the pages under `/library`, and the API the original clients
/// used, under `apiPrefix`.
public struct LibraryWebModule: WebModule {
    private let api: LibraryAPI
    private let pages: LibraryPages
    private let apiPrefix: String

    /// `adminToken`, when set, guards deleting a book and `DELETE /clean`.
    public init(library: any LibraryService, apiPrefix: String = "/library/api", adminToken: String? = nil, maximumBodySize: Int = 1 << 20) {
        let token = adminToken.map(AdminToken.init(value:))
        api = LibraryAPI(library: library, prefix: apiPrefix, adminToken: token, maximumBodySize: maximumBodySize)
        pages = LibraryPages(library: library, adminToken: token, maximumBodySize: maximumBodySize)
        self.apiPrefix = apiPrefix
    }

    public var tile: AppTile? {
        AppTile(name: "Prolific Library", summary: "Who has which book: add, check out, check in, and every loan kept.", path: "/library")
    }

    public var apiPaths: [String] { [apiPrefix] }

    public func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) throws {
        api.addRoutes(to: router)
        pages.addRoutes(to: router, templates: templates)
    }
}
