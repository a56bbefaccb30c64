import CoreMetrics
import Foundation
import HTTPTypes
import Hummingbird
import Library

/// Prolific Library on the web: the pages under `/library`, the books' covers under
/// `/library/covers`, and the API the original clients used, under `apiPrefix`.
public struct LibraryWebModule: WebModule {
    private let library: any LibraryService
    private let api: LibraryAPI
    private let circulation: LibraryCirculationAPI
    /// The pages, once the templates are there.
    private let pages: @Sendable (Templates) -> LibraryPages
    private let patronPages: @Sendable (Templates) -> PatronPages
    private let covers: LibraryCoverRoutes
    private let apiPrefix: String
    private let access: LibraryAccess

    /// `adminToken`, when set, guards every write; with `openLending`, checking out and in stay
    /// open to all. `formKey` signs the pages' CSRF tokens and the librarian's sign-in: give
    /// every node of one site the same key, and keep it across restarts so that open forms
    /// still send. `covers` gives every book its cover and its colours. `metrics` counts the
    /// kept list pages used and made; `now` is the time the pages say things relative to.
    /// `reminders` says where reminders are sent (nil: the server sends none), and `letters`
    /// writes the printed overdue letters as the emails are written.
    public init(library: any LibraryService, covers: BookCovers, apiPrefix: String = "/library/api", adminToken: String? = nil, openLending: Bool = false,
                formKey: FormKey = .random(), maximumBodySize: Int = 1 << 20, reminders: String? = nil, letters: ReminderLetters = ReminderLetters(),
                metrics: any MetricsFactory = NOOPMetricsHandler.instance, now: @escaping @Sendable () -> Date = { Date() }) {
        let access = LibraryAccess(adminToken: adminToken.map(AdminToken.init(value:)), openLending: openLending, formKey: formKey)
        self.library = library
        api = LibraryAPI(library: library, covers: covers, prefix: apiPrefix, access: access, maximumBodySize: maximumBodySize)
        circulation = LibraryCirculationAPI(library: library, prefix: apiPrefix, access: access, maximumBodySize: maximumBodySize)
        let listPages = RenderedPages<ListPageKey>(name: "library/list", admission: .secondAsk, metrics: metrics)
        pages = { LibraryPages(library: library, access: access, maximumBodySize: maximumBodySize, listPages: listPages, templates: $0, now: now) }
        patronPages = {
            PatronPages(library: library, access: access, maximumBodySize: maximumBodySize, templates: $0, reminderDestination: reminders, letters: letters, now: now)
        }
        self.covers = LibraryCoverRoutes(covers: covers)
        self.apiPrefix = apiPrefix
        self.access = access
    }

    public var tile: AppTile? {
        AppTile(name: "Prolific Library", summary: "Who has which book: add, check out, check in, and every loan kept.", path: "/library")
    }

    public var apiPaths: [String] { [apiPrefix] }

    public var openAPIDocument: (name: String, server: String)? { ("library", apiPrefix) }

    /// What a form or request carrying a cover may send: the picture's limit, and room for the
    /// form's other fields and the multipart framing.
    static let uploadLimit = CoverUpload.maximumBytes + (256 << 10)

    /// Adding and editing a book (the form may carry a cover), and `PUT …/books/{id}/cover`,
    /// which collect their bodies with `uploadLimit`.
    public var maximumBodySize: Int? { Self.uploadLimit }

    /// Ready when its store answers (a remote library's server is not asked: it has no cheap question).
    public func readinessProblem() async -> String? {
        do {
            _ = try await library.change()
            return nil
        } catch {
            return "the library: \(error)"
        }
    }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        router.add(middleware: LibraryRefusalMiddleware(access: access, prefixes: ["/library", apiPrefix]))
        api.addRoutes(to: router)
        circulation.addRoutes(to: router)
        pages(templates).addRoutes(to: router)
        patronPages(templates).addRoutes(to: router)
        LibraryTransferPages(library: library, access: access, templates: templates).addRoutes(to: router)
        covers.addRoutes(to: router)
    }
}
