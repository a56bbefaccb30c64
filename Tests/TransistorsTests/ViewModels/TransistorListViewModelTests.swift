import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

@Suite struct TransistorListViewModelTests {
    private func viewModel(_ input: TransistorQuery.Input) async throws -> TransistorListViewModel {
        let (query, errors) = TransistorQuery.parse(input)
        #expect(errors.isEmpty)
        var viewModel = TransistorListViewModel(query: query)
        await viewModel.load(from: TransistorCatalogProviders.bundled())
        return viewModel
    }

    @Test func filtersByEveryCondition() async throws {
        let page = try await viewModel(.init(family: "mosfet", doping: "nmos", package: "to220", minVoltage: "100V", minCurrent: "30 A")).page
        #expect(page.rows.map(\.partNumber) == ["IRF540N", "IRF3710", "IRL540N"])
        #expect(page.summary == "3 of \(page.totalCount) transistors")
        #expect(page.rows.allSatisfy { $0.family == "MOSFET" && $0.doping == "NMOS" && $0.package == "TO-220" })
    }

    @Test func showsAPageOfFiftyAndANewSearchStartsAtTheFirst() async throws {
        var list = try await viewModel(.init(sort: "-voltage", page: "3"))
        let all = try list.page(size: nil)
        let third = try list.page
        #expect(all.transistors.count == all.totalCount && all.pageCount == 1)
        #expect(third.pageNumber == 3 && third.pageCount == (all.totalCount + 49) / 50)
        #expect(third.rows.map(\.partNumber) == Array(all.rows.map(\.partNumber)[100..<min(150, all.totalCount)]))
        #expect(third.summary == "101–\(min(150, all.totalCount)) of \(all.totalCount) transistors")
        #expect(third.previousPage == 2)

        list.search("bc54")
        #expect(try list.page.pageNumber == 1)
        #expect(try list.page.rows.map(\.partNumber) == ["BC546", "BC547", "BC548", "BC549"])
        #expect(try list.page.nextPage == nil && list.page.previousPage == nil)

        #expect(TransistorQuery.parse(.init(page: "0")).errors.map(\.message) == ["\"0\" is not a page number; pages are counted from 1"])
        #expect(try await viewModel(.init(page: "99")).page.pageNumber == third.pageCount, "past the end shows the last page")
    }

    @Test func searchesPartNumberUsePackageAndDoping() async throws {
        #expect(try await viewModel(.init(search: "bc54")).page.rows.map(\.partNumber) == ["BC546", "BC547", "BC548", "BC549"])
        let darlingtons = try await viewModel(.init(search: "DARLINGTON pnp")).page.rows
        #expect(!darlingtons.isEmpty && darlingtons.allSatisfy { $0.doping == "PNP" })
        #expect(try await viewModel(.init(search: "sot-223")).page.rows.map(\.partNumber) == ["BCP53", "BCP56"])
    }

    @Test func aPolarityMatchesEveryFamily() async throws {
        let rows = try await viewModel(.init(doping: "p", minCurrent: "20A")).page.rows
        #expect(Set(rows.map(\.doping)) == ["PNP", "PMOS"])
    }

    @Test(arguments: [
        ("voltage", "2N2369A"), ("-voltage", "IRF830"), ("current", "J201"), ("-current", "IRF3205"), ("-part", "TIP3055"),
        // Any figure the list can filter on, by any of its names.
        ("rds", "IRF3205"), ("RDSON", "IRF3205"), ("-hfe", "MPSA14"), ("-ft", "2N2219A"), ("vgsth", "IRLML6344"), ("-ptot", "IRFP260N"), ("idss", "J201"),
    ])
    func sortsByEachOrder(sort: String, first: String) async throws {
        let rows = try await viewModel(.init(sort: sort)).page.rows
        #expect(rows.first?.partNumber == first)
    }

    @Test func sortIsAscendingOrDescendingByValue() async throws {
        let volts = try await viewModel(.init(family: "jfet", sort: "-voltage")).matchingTransistors.compactMap(\.ratings.maxVoltage)
        #expect(volts == volts.sorted(by: >))
        // Parts whose datasheet does not give the figure come last, whichever way.
        for sort in ["ft", "-ft"] {
            let parts = try await viewModel(.init(sort: sort)).matchingTransistors
            let given = parts.map { ($0 as? BJT)?.parameters.transitionFrequency }
            let firstMissing = given.firstIndex(where: { $0 == nil }) ?? given.count
            #expect(given[firstMissing...].allSatisfy { $0 == nil }, "\(sort)")
            let values = given.compactMap(\.self)
            #expect(values == (sort == "ft" ? values.sorted() : values.sorted(by: >)))
        }
    }

    @Test func facetCountsSayWhatEachChoiceWouldGive() async throws {
        let page = try await viewModel(.init(family: "jfet", package: "TO-18")).page
        #expect(page.rows.count == 3)
        // The family facet ignores the family filter: every family's count within TO-18.
        #expect(page.familyCounts.map(\.count) == [3, 0, 3])
        #expect(page.familyCounts.first { $0.isSelected }?.label == "JFET")
        // The package facet ignores the package filter: every JFET package.
        #expect(page.packageCounts.map(\.label) == ["SOT-23", "TO-18", "TO-72", "TO-92"])
    }

    @Test func anEmptyResultExplainsItself() async throws {
        let page = try await viewModel(.init(search: "no such part anywhere")).page
        #expect(page.rows.isEmpty)
        #expect(page.emptyMessage == "No transistors match. Try a shorter search or fewer filters.")
        #expect(try TransistorListViewModel().page.emptyMessage == "Loading the catalog…")
        let unknown = try await viewModel(.init(package: "TO-999")).page
        #expect(unknown.emptyMessage?.hasPrefix("No part in the catalog comes in TO-999; its packages are ") == true, "\(unknown.emptyMessage ?? "")")
    }

    @Test func aFailedLoadIsShownNotThrown() async throws {
        var viewModel = TransistorListViewModel()
        await viewModel.load(from: TransistorCatalogProviders.file(path: "/nonexistent/catalog.json"))
        #expect(viewModel.state.errorMessage == "/nonexistent/catalog.json: no such file")
        #expect(try viewModel.page.emptyMessage == "The catalog could not be loaded: /nonexistent/catalog.json: no such file")
    }

    @Test func badQueryValuesAreReportedPerFieldAndTheRestStillApplies() {
        let (query, errors) = TransistorQuery.parse(.init(search: "bc", family: "bjt", doping: "nmos", minVoltage: "abc", minCurrent: "2", sort: "size"))
        #expect(errors.map(\.field) == ["doping", "min_voltage", "sort"])
        #expect(errors[0].message == "NMOS is a MOSFET doping; for BJT use NPN or PNP")
        #expect(query == TransistorQuery(search: "bc", family: .bjt, minCurrent: 2))
    }
}

@Suite struct TransistorDetailViewModelTests {
    @Test func formatsEveryFieldWithSIPrefixes() async throws {
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let detail = TransistorDetailViewModel(transistor: try #require(catalog.transistor(partNumber: "bc547")))
        #expect(detail.partNumber == "BC547")
        #expect(detail.subtitle == "NPN BJT in TO-92")
        #expect(detail.sections.map(\.title) == ["Absolute maximum ratings", "Package", "BJT parameters"])
        #expect(detail.sections.flatMap(\.rows).map { "\($0.label): \($0.value)" } == [
            "Collector–emitter voltage (VCEO): 45 V",
            "Collector current (IC): 100 mA",
            "Power dissipation (Ptot): 500 mW",
            "Package: TO-92",
            "Pinout (CBE): 1 collector · 2 base · 3 emitter",
            "Complementary part: BC557",
            "DC current gain (hFE): 110 to 800 at IC = 2 mA",
            "Transition frequency (fT): 300 MHz",
        ])
        #expect(detail.pins.map(\.letter) == ["C", "B", "E"])
    }

    @Test func showsMOSFETAndJFETParameters() async throws {
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let mosfet = TransistorDetailViewModel(transistor: try #require(catalog.transistor(partNumber: "IRF9540N")))
        #expect(mosfet.sections.last?.rows.map(\.value) == ["-4 V", "117 mΩ at VGS = -10 V"])
        let jfet = TransistorDetailViewModel(transistor: try #require(catalog.transistor(partNumber: "2N5457")))
        #expect(jfet.sections.last?.rows.map(\.value) == ["1 mA to 5 mA", "-500 mV to -6 V"])
        let so8 = TransistorDetailViewModel(transistor: try #require(catalog.transistor(partNumber: "IRF7401")))
        #expect(so8.sections[1].rows[1].value == "1–3 source · 4 gate · 5–8 drain")
    }
}
