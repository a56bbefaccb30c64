import Foundation
import Hummingbird
import HummingbirdTesting
import ListorTestSupport
import ListorKit
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

    @Test("served from an index file, a part's page, its substitutes, a comparison and an unknown part's suggestions come from the file's records")
    func servedFromAnIndexFile() async throws {
        let directory = try TemporaryDirectory()
        let catalogPath = try directory.write("Test.kicad_sym", try Fixtures.data(Fixtures.kiCadTwoSymbols))
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.kiCadTwoSymbols), file: "Test.kicad_sym")
        let indexPath = directory.path("test.index")
        try TransistorIndexFile.write(catalog, sources: [try TransistorIndexFile.Source.current(catalogPath, hashing: true)], to: indexPath)
        let (index, problems) = try TransistorIndexFile.open(indexPath, catalogPaths: [catalogPath])
        let fromFile = TransistorsWebModule(viewModel: TransistorListViewModel(index: index, problems: problems))
        let inMemory = TransistorsWebModule(viewModel: TransistorListViewModel(catalog: catalog))
        var answers: [[String]] = []
        for module in [fromFile, inMemory] {
            let router = try await buildRouter(configuration: WebConfiguration(), modules: [module])
            answers.append(try await Application(router: router).test(.router) { client in
                var bodies: [String] = []
                for uri in ["/transistors/qx101", "/api/transistors/QX101", "/api/transistors/QX100/substitutes", "/transistors/compare?parts=QX100,qx101",
                            "/api/transistors/QX10"] {
                    let response = try await client.execute(uri: uri, method: .get)
                    bodies.append("\(response.status.code) " + String(buffer: response.body))
                }
                return bodies
            })
        }
        #expect(answers[0][0].hasPrefix("200 ") && answers[0][0].contains("From Test.kicad_sym: QX101"), "\(answers[0][0].prefix(300))")
        #expect(answers[0][3].hasPrefix("200 "))
        #expect(answers[0][4].hasPrefix("404 ") && answers[0][4].contains("QX100"), "\(answers[0][4])")
        #expect(answers[0] == answers[1])
    }
}
