import Foundation
import Hummingbird
import HummingbirdTesting
import ListorTestSupport
import ListorWeb
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
}
