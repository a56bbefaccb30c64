import ListorKit
import Testing

private struct Part: Sendable, Equatable {
    let name: String
    let kind: String
    let rating: Int
}

@Suite struct ListModelTests {
    private let parts = [
        Part(name: "Ångström meter", kind: "a", rating: 3),
        Part(name: "BC547 amplifier", kind: "b", rating: 1),
        Part(name: "bc548 Amplifier", kind: "a", rating: 2),
        Part(name: "2N3904 switch", kind: "b", rating: 2),
    ]

    private var model: ListModel<Part> { ListModel(parts) { $0.name } }

    @Test func searchIgnoresCaseAndDiacritics() {
        #expect(model.query(search: SearchQuery("angstrom")).map(\.name) == ["Ångström meter"])
        #expect(model.query(search: SearchQuery("ÄMPLIFIER")).count == 2)
        #expect(model.query(search: SearchQuery("  ")).count == 4)
    }

    @Test func everyWordMustOccurInAnyOrder() {
        #expect(model.query(search: SearchQuery("amplifier 548")).map(\.name) == ["bc548 Amplifier"])
        #expect(model.query(search: SearchQuery("548 missing")).isEmpty)
    }

    @Test func filtersAndStableSort() {
        let byRating = ListOrder<Part>(key: { $0.rating }, descending: true)
        let kindB = ListFilter<Part>("kind") { $0.kind == "b" }
        #expect(model.query(search: SearchQuery(""), filters: [kindB], order: byRating).map(\.name) == ["2N3904 switch", "BC547 amplifier"])
        // Equal keys keep list order: the two rating-2 parts stay as listed.
        #expect(model.query(search: SearchQuery(""), order: ListOrder { $0.rating }).map(\.name)
            == ["BC547 amplifier", "bc548 Amplifier", "2N3904 switch", "Ångström meter"])
    }

    @Test func facetCountsLeaveOutTheirOwnFilter() {
        let kindA = ListFilter<Part>("kind") { $0.kind == "a" }
        let ratedTwo = ListFilter<Part>("rating") { $0.rating == 2 }
        let kinds = model.facetCounts(of: \.kind, search: SearchQuery(""), filters: [kindA, ratedTwo], excluding: "kind")
        #expect(kinds == ["a": 1, "b": 1])
        let ratings = model.facetCounts(of: \.rating, search: SearchQuery(""), filters: [kindA, ratedTwo], excluding: "rating")
        #expect(ratings == [3: 1, 2: 1])
    }

    @Test func naturalSortOrdersNumbersByValue() {
        let names = ["2N3904", "2N10000", "BC548", "bc547", "2N2222A", "2N2222", "IRF9540N", "IRF540N"]
        #expect(names.sorted { NaturalSortKey($0) < NaturalSortKey($1) }
            == ["2N2222", "2N2222A", "2N3904", "2N10000", "bc547", "BC548", "IRF540N", "IRF9540N"])
    }

    @Test func closestMatchesSuggestLikeGit() {
        let candidates = ["BC547", "BC548", "BC557", "2N3904", "2N3906", "IRF540N"]
        #expect(ClosestMatches.to("BC574", in: candidates) == ["BC547", "BC548", "BC557"])
        #expect(ClosestMatches.to("2n390", in: candidates) == ["2N3904", "2N3906"])
        #expect(ClosestMatches.to("ZZZZZZZ", in: candidates).isEmpty)
    }
}
