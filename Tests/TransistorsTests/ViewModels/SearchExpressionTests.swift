import ListorKit
import Testing
import Transistors

/// The search box's query language: words, families, dopings, packages and conditions with
/// units, every token it cannot use reported by itself and the rest still applied.
@Suite struct SearchExpressionTests {
    @Test func aQueryMixesWordsAndConditions() {
        let expression = SearchExpression.parse("npn to-92 vce>=40V ic>=500mA hfe>=100 switching")
        #expect(expression.problems.isEmpty)
        #expect(expression.family == nil)
        #expect(expression.doping == .npn)
        #expect(expression.package == Package("TO-92"))
        #expect(expression.conditions == [
            ParameterCondition(.voltage, .atLeast(40)), ParameterCondition(.current, .atLeast(0.5)), ParameterCondition(.hfe, .atLeast(100)),
        ])
        #expect(expression.textSearch == "switching")
    }

    @Test func unitsArePrefixedOrImplied() {
        let mosfet = SearchExpression.parse("nmos logic-level vds>=30V rds<=50mohm sot-23 id>=0.5 p<1W")
        #expect(mosfet.problems.isEmpty)
        #expect(mosfet.logicLevel)
        #expect(mosfet.package == Package("SOT-23"))
        #expect(mosfet.conditions.map(\.bound) == [.atLeast(30), .atMost(0.05), .atLeast(0.5), .lessThan(1)])
        let bjt = SearchExpression.parse("pnp ft>100MHz ptot≥625mW VCEO≤-40")
        #expect(bjt.problems.isEmpty)
        // A PNP part's −40 V, as its datasheet writes it, is a 40 V rating: figures are compared by size.
        #expect(bjt.conditions.map(\.bound) == [.greaterThan(100e6), .atLeast(0.625), .atMost(40)])
    }

    /// A value alone is a condition on the figure its unit names, not a word that matches
    /// nothing; prefixes forgive case where no other is meant, and say which is which.
    @Test(arguments: [
        ("nmos 60V", ParameterCondition(.voltage, .atLeast(60))), ("2a", ParameterCondition(.current, .atLeast(2))),
        ("1W", ParameterCondition(.power, .atLeast(1))), ("300MHz", ParameterCondition(.ft, .atLeast(300e6))),
        ("100mhz", ParameterCondition(.ft, .atLeast(100e6))), ("1ghz", ParameterCondition(.ft, .atLeast(1e9))),
        ("50mohm", ParameterCondition(.rds, .atMost(0.05))), ("10Mohm", ParameterCondition(.rds, .atMost(10e6))),
        ("ft>=1ghz", ParameterCondition(.ft, .atLeast(1e9))), ("vce>=-40V", ParameterCondition(.voltage, .atLeast(40))),
    ])
    func aValueAloneIsAConditionOnWhatItsUnitNames(text: String, condition: ParameterCondition) {
        let expression = SearchExpression.parse(text)
        #expect(expression.problems.isEmpty)
        #expect(expression.conditions == [condition])
        #expect(expression.words.isEmpty)
    }

    @Test func partNumbersAndPlainNumbersStayWords() {
        #expect(SearchExpression.parse("2N3904 60 BC547").words == ["2N3904", "60", "BC547"])
    }

    /// "N-channel" and "P-channel" are how MOSFETs' polarity is written too: they apply to
    /// whichever families the query allows, and a P-channel part's negative rating is its size.
    @Test func channelWordsApplyToMOSFETsAndJFETs() async throws {
        let nChannel = SearchExpression.parse("n-channel mosfet vds>=60V")
        #expect(nChannel.problems.isEmpty)
        #expect(nChannel.family == .mosfet && nChannel.doping == .nChannel)
        let pChannel = SearchExpression.parse("p-channel vds>=-30V")
        #expect(pChannel.problems.isEmpty)
        #expect(pChannel.conditions == [ParameterCondition(.voltage, .atLeast(30))])
        let catalog = try await BundledCatalogProvider().load().transistors
        let found = catalog.filter { pChannel.matches($0) }.map(\.partNumber)
        #expect(found.contains("AO3401"), "a 30 V P-channel MOSFET")
        #expect(found.contains("J174"), "a 30 V P-channel JFET")
        #expect(!found.contains("IRLML6402"), "a 20 V P-channel MOSFET")
        #expect(catalog.filter { nChannel.matches($0) }.allSatisfy { $0.family == .mosfet && $0.isNType && ($0.ratings.maxVoltage ?? 0) >= 60 })
        #expect(SearchExpression.parse("n-channel bjt").problems.first?.message == "is a MOSFET or JFET doping; this query asks for BJT")
    }

    @Test func aNameThenARange() {
        let expression = SearchExpression.parse("jfet n idss 2mA..10mA vgsoff=0.5V..3V")
        #expect(expression.problems.isEmpty)
        #expect(expression.family == .jfet)
        #expect(expression.doping == .nType)
        #expect(expression.conditions == [ParameterCondition(.idss, .between(0.002, 0.01)), ParameterCondition(.vgsoff, .between(0.5, 3))])
    }

    @Test(arguments: [
        ("ic>=5xA", #""ic>=5xA""#, #""5xA" is not a current: unknown unit "xA""#),
        ("vxx>=5V", #""vxx>=5V""#, #""vxx" is not a parameter; use one of v/vce/vds, i/ic/id, p, hfe, ft, rds, vgsth, idss, vgsoff"#),
        (">=5V", #"">=5V""#, "names no parameter"),
        ("hfe>=lots", #""hfe>=lots""#, #""lots" is not a number; hFE is a plain number, like 100"#),
        ("idss 10mA..2mA", #""idss 10mA..2mA""#, "the range must go from the smaller value to the larger"),
        ("bjt vgsth<=2V", #""vgsth<=2V""#, #""vgsth" applies to MOSFETs; no BJT has it"#),
        ("npn rds<1", #""rds<1""#, #""rds" applies to MOSFETs; no BJT has it"#),
        ("bjt mosfet", #""mosfet""#, "the query already asks for BJT; a part has one family"),
        ("jfet nmos", #""nmos""#, "is a MOSFET doping; this query asks for JFET"),
        ("bjt logic-level", #""logic-level""#, "applies to MOSFETs; no BJT is logic-level"),
    ])
    func eachBadTokenIsReportedAndTheRestApplies(query: String, token: String, message: String) {
        let expression = SearchExpression.parse(query + " vce>=20V")
        #expect(expression.problems.count == 1)
        #expect(expression.problems.first?.field == token)
        #expect(expression.problems.first?.message.hasPrefix(message) == true, "\(expression.problems)")
        #expect(expression.conditions.last == ParameterCondition(.voltage, .atLeast(20)), "the good condition still applies")
    }

    @Test func conditionsMatchByTheWorstCaseAndRangesByOverlap() {
        let bjt = BJT(ratings: Ratings(maxVoltage: 45, maxCurrent: 0.1), partNumber: "BC547B", package: Package("TO-92"), use: "general", doping: .npn,
                      datasheet: Datasheet(powerDissipation: 0.5), parameters: BJTParameters(hfeMin: 200, hfeMax: 450))
        #expect(SearchExpression.parse("hfe>=200").matches(bjt))
        #expect(!SearchExpression.parse("hfe>=300").matches(bjt), "the minimum hFE is what a design can rely on")
        #expect(SearchExpression.parse("hfe<=450 vce=45V").matches(bjt))
        #expect(!SearchExpression.parse("hfe<400").matches(bjt))
        #expect(SearchExpression.parse("hfe 400..1000").matches(bjt), "ranges overlap")
        #expect(!SearchExpression.parse("ft>=100MHz").matches(bjt), "a part without the figure does not meet it")
        #expect(!SearchExpression.parse("pnp").matches(bjt))
        #expect(SearchExpression.parse("n TO92 p<=0.5W").matches(bjt))
    }
}

/// The query language in the list, on the bundled catalog: what it keeps is what a plain scan
/// of the conditions keeps, and a bad token is reported on the search while the rest applies.
@Suite struct QueryLanguageListTests {
    @Test(arguments: ["npn to-92 vce>=40V ic>=500mA", "nmos logic-level vds>=30V", "jfet n idss 2mA..10mA", "pnp hfe>=100 2N", "p<=0.5W bc"])
    func theListKeepsWhatTheConditionsKeep(search: String) async throws {
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let list = TransistorListViewModel(catalog: catalog, query: TransistorQuery(search: search))
        let expression = SearchExpression.parse(search)
        let words = expression.words.map { $0.lowercased() }
        let expected = catalog.transistors.filter { part in
            let text = "\(part.partNumber) \(part.use) \(part.package.name) \(part.dopingName) \(part.family.rawValue)".lowercased()
            return expression.matches(part) && words.allSatisfy { text.contains($0) }
        }.map(\.partNumber).sorted()
        #expect(!expected.isEmpty, "the query finds something in the bundled catalog")
        #expect(try list.matchingTransistors.map(\.partNumber).sorted() == expected)
    }

    @Test func aBadTokenIsNamedAndTheRestStillFilters() async throws {
        let (query, errors) = TransistorQuery.parse(TransistorQuery.Input(search: "npn ic>=5xA vce>=60V"))
        #expect(errors.map(\.field) == ["search"])
        #expect(errors.first?.message.hasPrefix(#""ic>=5xA": "5xA" is not a current"#) == true)
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let list = TransistorListViewModel(catalog: catalog, query: query)
        #expect(try !list.matchingTransistors.isEmpty)
        #expect(try list.matchingTransistors.allSatisfy { $0.dopingName == "NPN" && ($0.ratings.maxVoltage ?? 0) >= 60 })
    }
}
