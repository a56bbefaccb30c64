import Hummingbird
import Library

/// Prolific Library on the web: the pages under `/library`, and the API the original clients
/// used, under `apiPrefix`.
public struct LibraryWebModule: WebModule {
    private let api: LibraryAPI
    private let pages: LibraryPages

    /// `adminToken`, when set, guards deleting a book and `DELETE /clean`.
    public init(service: any LibraryService, apiPrefix: String = "/library/api", adminToken: String? = nil, maximumBodySize: Int = 1 << 20) {
        api = LibraryAPI(service: service, prefix: apiPrefix, adminToken: adminToken, maximumBodySize: maximumBodySize)
        pages = LibraryPages(service: service, adminToken: adminToken, maximumBodySize: maximumBodySize)
    }

    public var tile: AppTile? {
        AppTile(name: "Prolific Library", summary: "Who has which book: add, check out, check in, and every loan kept.", path: "/library")
    }

    public func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) throws {
        api.addRoutes(to: router)
        pages.addRoutes(to: router, templates: templates)
    }
}
