import CoreMetrics
import Hummingbird
import Library
import LibrarySQL
import ListorWeb

/// The library's web module on a library in a new SQLite file, as the tests build it: the books
/// given (and the sample library only when `seeded`), and the module's options.
public struct LibrarySite: Sendable {
    public let directory: TemporaryDirectory
    public let store: SQLLibraryStore
    public let library: LocalLibrary
    public let letters: ReminderLetters

    public init(seeded: Bool = false, books: [BookFields] = [], policy: CirculationPolicy = CirculationPolicy(),
                letters: ReminderLetters = ReminderLetters()) async throws {
        directory = try TemporaryDirectory()
        store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: seeded)
        for book in books { _ = try await store.insert(book) }
        library = LocalLibrary(store: store, policy: policy)
        self.letters = letters
    }

    /// The module, as `listor serve` builds it with these options.
    public func module(adminToken: String? = nil, openLending: Bool = false, formKey: FormKey = .random(), covers: BookCovers? = nil,
                       metrics: any MetricsFactory = NOOPMetricsHandler.instance) -> LibraryWebModule {
        LibraryWebModule(library: library, covers: covers ?? BookCovers(library: library), adminToken: adminToken, openLending: openLending,
                         formKey: formKey, letters: letters, metrics: metrics)
    }

    /// A router with the module alone.
    public func router(adminToken: String? = nil, openLending: Bool = false) async throws -> Router<WebRequestContext> {
        try await buildRouter(configuration: WebConfiguration(), modules: [module(adminToken: adminToken, openLending: openLending)])
    }
}
