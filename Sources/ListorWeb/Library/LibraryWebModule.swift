import Hummingbird
import Library

/// Prolific Library on the web: the pages under `/library`, and the API the original clients
/// used, under `apiPrefix`.
public struct LibraryWebModule: WebModule {
    private let api: LibraryAPI
    private let pages: LibraryPages
    private let apiPrefix: String

    /// `adminToken`, when set, guards every write; with `openLending`, checking out and in stay
    /// open to all. `formKey` signs the pages' CSRF tokens and the librarian's sign-in: give
    /// every node of one site the same key, and keep it across restarts so that open forms
    /// still send.
    public init(library: any LibraryService, apiPrefix: String = "/library/api", adminToken: String? = nil, openLending: Bool = false,
                formKey: FormKey = .random(), maximumBodySize: Int = 1 << 20) {
        let access = LibraryAccess(adminToken: adminToken.map(AdminToken.init(value:)), openLending: openLending, formKey: formKey)
        api = LibraryAPI(library: library, prefix: apiPrefix, access: access, maximumBodySize: maximumBodySize)
        pages = LibraryPages(library: library, access: access, maximumBodySize: maximumBodySize)
        self.apiPrefix = apiPrefix
    }

    public var tile: AppTile? {
        AppTile(name: "Prolific Library", summary: "Who has which book: add, check out, check in, and every loan kept.", path: "/library")
    }

    public var apiPaths: [String] { [apiPrefix] }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        api.addRoutes(to: router)
        pages.addRoutes(to: router, templates: templates)
    }
}
