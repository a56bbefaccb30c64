import Hummingbird
import Library

/// Prolific Library on the web: the API the original clients used, under `apiPrefix`.
public struct LibraryWebModule: WebModule {
    private let api: LibraryAPI

    /// `adminToken`, when set, guards deleting a book and `DELETE /clean`.
    public init(service: any LibraryService, apiPrefix: String = "/library/api", adminToken: String? = nil, maximumBodySize: Int = 1 << 20) {
        api = LibraryAPI(service: service, prefix: apiPrefix, adminToken: adminToken, maximumBodySize: maximumBodySize)
    }

    /// No tile until the library has pages of its own.
    public var tile: AppTile? { nil }

    public func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) throws {
        api.addRoutes(to: router)
    }
}
