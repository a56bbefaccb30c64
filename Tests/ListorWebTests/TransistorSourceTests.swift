import Foundation
import Hummingbird
import HummingbirdTesting
import ListorTestSupport
import ListorKit
import ListorWeb
import Synchronization
import Testing
import Transistors

/// A part read from a KiCad library on its detail page and in the API: a link to its datasheet
/// and the file and symbol it came from.
@Suite struct TransistorSourceTests {
    @Test("the detail page links the datasheet and says where the part came from; the API carries both")
    func detailShowsDatasheetAndSource() async throws {
        var list = TransistorListViewModel()
        await list.load(from: TransistorCatalogProviders.file(path: Fixtures.url(Fixtures.kiCadTwoSymbols).path))
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [TransistorsWebModule(viewModel: list)])
        try await Application(router: router).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/transistors/QX101", method: .get).body)
            #expect(page.contains(#"<a href="https://example.org/qx100.pdf" rel="noopener noreferrer">Datasheet</a>"#), "\(page)")
            #expect(page.contains("From kicad-two-symbols.kicad_sym: QX101"))
            let json = String(buffer: try await client.execute(uri: "/api/transistors/QX101", method: .get).body)
            #expect(json.contains(#""url":"https://example.org/qx100.pdf","source":"kicad-two-symbols.kicad_sym: QX101""#), "\(json)")
        }
    }

    @Test("served from an index file: the list answers at once, a part's page asks to retry until the catalog is read, then shows it")
    func servedFromAnIndexFile() async throws {
        let directory = try TemporaryDirectory()
        let catalogPath = try directory.write("Test.kicad_sym", try Fixtures.data(Fixtures.kiCadTwoSymbols))
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.kiCadTwoSymbols), file: "Test.kicad_sym")
        let indexPath = directory.path("test.index")
        try TransistorIndexFile.write(catalog, sources: [try TransistorIndexFile.Source.current(catalogPath, hashing: true)], to: indexPath)
        let (index, problems) = try TransistorIndexFile.open(indexPath, catalogPaths: [catalogPath])
        let reading = ReadingCatalog()
        let module = TransistorsWebModule(viewModel: TransistorListViewModel(index: index, problems: problems), catalog: { reading.state.withLock { $0 } })
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [module])
        try await Application(router: router).test(.router) { client in
            let list = String(buffer: try await client.execute(uri: "/transistors?search=qx10", method: .get).body)
            #expect(list.contains("QX100") && list.contains("QX101"), "\(list)")
            let waiting = try await client.execute(uri: "/transistors/QX101", method: .get)
            #expect(waiting.status == .serviceUnavailable && waiting.headers[.retryAfter] == "5")
            reading.state.withLock { $0 = .loaded(catalog) }
            let page = try await client.execute(uri: "/transistors/QX101", method: .get)
            #expect(page.status == .ok && String(buffer: page.body).contains("From Test.kicad_sym: QX101"))
        }
    }

    private final class ReadingCatalog: Sendable {
        let state = Mutex<LoadingState<TransistorCatalog>>(.loading)
    }
}
