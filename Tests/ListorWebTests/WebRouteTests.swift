import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorKit
import Testing
import Transistors

@Suite struct HomeAndInfrastructureTests {
    @Test func homeShowsATileForEachWorkingApp() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains(#"<a href="/transistors"><h2>Transistor Listor</h2>"#))
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        try await withRouter { client in
            for uri in ["/", "/transistors", "/api/transistors", "/no/such/page", "/static/listor.js"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true, "\(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(uri)")
            }
        }
    }

    @Test func pagesHaveNoInlineScript() async throws {
        try await withRouter { client in
            for uri in ["/", "/transistors", "/transistors/BC547", "/nowhere"] {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(!html.contains("<script>"), "\(uri)")
                #expect(html.firstMatch(of: /\son[a-z]+=/) == nil, "inline event handler in \(uri)")
            }
        }
    }

    @Test func unknownPagesGetA404PageWithoutInternals() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/no/such/page", method: .get)
            #expect(response.status == .notFound)
            #expect(response.text.contains("<h1>Not Found</h1>"))
            #expect(response.text.contains("There is no page at /no/such/page."))
        }
    }

    @Test func staticFilesAndThePlainTextRouteAreServed() async throws {
        try await withRouter { client in
            let script = try await client.execute(uri: "/static/listor.js", method: .get)
            #expect(script.status == .ok)
            #expect(script.text.contains("form[data-live]"))
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.text == "ok\n")
        }
    }

    /// A browser's first visit asks for /favicon.ico whatever the page links: every page names the
    /// site's icon, and /favicon.ico leads to it rather than to a logged 404.
    @Test func theSiteHasAnIconWhereBrowsersLook() async throws {
        try await withRouter { client in
            let page = try await client.execute(uri: "/", method: .get).text
            let linked = try #require(page.firstMatch(of: /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/)?.output.1)
            let asked = try await client.execute(uri: "/favicon.ico", method: .get)
            #expect(asked.status == .movedPermanently && asked.headers[.location] == String(linked))
            let icon = try await client.execute(uri: String(linked), method: .get)
            #expect(icon.status == .ok && icon.headers[.contentType]?.hasPrefix("image/svg+xml") == true && icon.text.hasPrefix("<svg"))
        }
    }

    @Test func oversizedBodiesAreRefusedBeforeTheyAreRead() async throws {
        try await withRouter { client in
            let body = ByteBuffer(repeating: 0x61, count: (1 << 20) + 1)
            let response = try await client.execute(uri: "/transistors", method: .post, body: body)
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test func otherMethodsOnAPageAreNotAllowedAndSaySo() async throws {
        try await withRouter { client in
            let post = try await client.execute(uri: "/transistors", method: .post)
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[HTTPField.Name("Allow")!] == "GET, HEAD")
            let delete = try await client.execute(uri: "/api/transistors/BC547", method: .delete)
            #expect(delete.status == .methodNotAllowed)
            #expect(String(buffer: delete.body).contains("DELETE is not allowed here; allowed: GET, HEAD"))
        }
    }
}

@Suite struct TransistorPageTests {
    @Test func aListPageAskedAgainIsTheSameAndAnotherQueryIsItsOwn() async throws {
        try await withRouter { client in
            let jfets = "/transistors?family=jfet&package=TO-18&sort=-current"
            let first = try await client.execute(uri: jfets, method: .get).text
            let mosfets = try await client.execute(uri: "/transistors?family=mosfet", method: .get).text
            let again = try await client.execute(uri: jfets, method: .get).text
            #expect(again == first, "kept as rendered")
            #expect(mosfets != first)
            #expect(mosfets.contains(#"<option value="mosfet" selected>"#))
            // A part's page beside the list is not the list page kept.
            let detail = try await client.execute(uri: "/transistors/2N4391?family=jfet&package=TO-18&sort=-current", method: .get).text
            #expect(detail.contains("2N4391 – Transistor Listor"))
        }
    }

    @Test func theListFiltersFromTheURLAndKeepsTheQueryInItsLinks() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/transistors?family=jfet&package=TO-18&sort=-current", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<p class="summary" id="summary">3 of 189 transistors</p>"#))
            let parts = html.matches(of: /<th scope="row"><a href="([^"]+)"[^>]*>([^<]+)<\/a>/).map { (String($0.output.1), String($0.output.2)) }
            #expect(parts.map(\.1) == ["2N4391", "2N4392", "2N4393"])
            #expect(parts.first?.0 == "/transistors/2N4391?family=jfet&amp;package=TO-18&amp;sort=-current")
            #expect(html.contains(#"<option value="jfet" selected>JFET (3)</option>"#))
            #expect(html.contains(#"<option value="-current" selected>Current (highest first)</option>"#))
            // Any figure the list filters on sorts it, in the page and the API alike.
            let byResistance = try await client.execute(uri: "/transistors?family=mosfet&sort=rds", method: .get).text
            #expect(byResistance.contains(#"<option value="rds" selected>Rds(on) (lowest first)</option>"#))
            #expect(byResistance.firstMatch(of: /<th scope="row"><a href="[^"]+"[^>]*>([^<]+)<\/a>/)?.output.1 == "IRF3205")
            let api = try await client.execute(uri: "/api/transistors?sort=-hfe&per_page=1", method: .get).text
            #expect(api.contains(#""part_number":"MPSA14""#), "\(api.prefix(300))")
        }
    }

    @Test func badValuesAreExplainedNextToTheirFieldsAndTheListStillShows() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/transistors?min_voltage=abc&family=mosfet&sort=size", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"aria-invalid="true" aria-describedby="min_voltage-error""#))
            #expect(html.contains(#"<p class="field-error" id="min_voltage-error">&quot;abc&quot; is not a voltage"#))
            #expect(html.contains(#"<p class="field-error" id="sort-error">&quot;size&quot; is not a sort order"#))
            #expect(html.contains(#"value="abc""#))
            #expect(html.contains("1–50 of 54 matching, of 189 transistors"))
        }
    }

    /// Fifty parts a page, the page in the URL; the links keep the query, the downloads take every page.
    @Test func theListComesFiftyPartsAPage() async throws {
        try await withRouter { client in
            let first = try await client.execute(uri: "/transistors?family=mosfet", method: .get).text
            #expect(first.contains(#"<p class="summary" id="summary">1–50 of 54 matching, of 189 transistors</p>"#))
            #expect(first.matches(of: /<th scope="row">/).count == 50)
            #expect(first.contains("<span>Page 1 of 2</span>"))
            #expect(first.contains(#"<a href="/transistors?family=mosfet&amp;page=2" rel="next" id="next-page">"#))
            #expect(!first.contains(#"rel="prev""#))

            let second = try await client.execute(uri: "/transistors?family=mosfet&page=2", method: .get).text
            #expect(second.contains(#"<p class="summary" id="summary">51–54 of 54 matching, of 189 transistors</p>"#))
            let parts = second.matches(of: /<th scope="row"><a href="([^"]+)"[^>]*>([^<]+)<\/a>/).map { (String($0.output.1), String($0.output.2)) }
            #expect(parts.count == 4)
            #expect(parts.first?.0.hasSuffix("?family=mosfet&amp;page=2") == true, "the detail's way back returns to this page")
            #expect(second.contains(#"<a href="/transistors?family=mosfet" rel="prev" id="previous-page">"#))
            #expect(second.contains(#"href="/api/transistors?family=mosfet&amp;format=csv""#))

            // Past the end shows the last page; a page that is not a number is named and the first shown.
            let beyond = try await client.execute(uri: "/transistors?family=mosfet&page=9", method: .get).text
            #expect(beyond.contains("51–54 of 54 matching"))
            let bad = try await client.execute(uri: "/transistors?family=mosfet&page=two", method: .get).text
            #expect(bad.contains(#"<p class="field-error" id="page-error">page: &quot;two&quot; is not a page number; pages are counted from 1</p>"#))
            #expect(bad.contains("1–50 of 54 matching"))
        }
    }

    @Test func hostileSearchTextIsEscapedEverywhere() async throws {
        try await withRouter { client in
            let hostile = #""><script>alert(1)</script><img src=x onerror=alert(2)>"#
            let encoded = hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            for uri in ["/transistors?search=\(encoded)", "/transistors?min_current=\(encoded)", "/transistors/\(encoded)"] {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(!html.contains("<script>alert"), "\(uri)")
                #expect(!html.contains("<img src=x"), "\(uri)")
            }
            let list = try await client.execute(uri: "/transistors?search=\(encoded)", method: .get).text
            #expect(list.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;\""))
        }
    }

    @Test func theDetailShowsEveryFieldBesideTheListWithABackLink() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/transistors/bc547?search=bc&sort=-voltage", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<h2 id="detail-heading">BC547</h2>"#))
            #expect(html.contains("<dt>Collector current (IC)</dt><dd>100 mA</dd>"))
            #expect(html.contains("<dt>DC current gain (hFE)</dt><dd>110 to 800 at IC = 2 mA</dd>"))
            #expect(html.contains(#"<li><span class="pin-number">1</span> <abbr title="collector">C</abbr> collector</li>"#))
            #expect(html.contains(#"<a href="/transistors?search=bc&amp;sort=-voltage" id="back-to-results">"#))
            #expect(html.contains(#"Complementary part: <a href="/transistors/BC557?search=bc&amp;sort=-voltage">BC557</a>"#))
            #expect(html.contains(#"<tr class="open"><td class="col-compare"><input type="checkbox" name="parts" value="BC547" aria-label="Compare BC547"></td><th scope="row"><a href="/transistors/BC547?search=bc&amp;sort=-voltage" aria-current="page">BC547</a>"#))
        }
    }

    /// The detail's substitutes: the best first with their reasons and warnings, each linked to
    /// its detail (keeping the list's query) and to a comparison with the original.
    @Test func theDetailListsSubstitutesWithTheirReasons() async throws {
        try await withRouter { client in
            let html = try await client.execute(uri: "/transistors/bc547?search=bc", method: .get).text
            #expect(html.contains(#"<h3 id="substitutes-heading">Substitutes</h3>"#))
            let first = try #require(html.firstMatch(of: /<li class="substitute"><a href="([^"]+)" class="substitute-part">([^<]+)<\/a> <span class="fit fit-([a-z-]+)">/))
            #expect(first.output.1 == "/transistors/BC546?search=bc" && first.output.2 == "BC546" && first.output.3 == "drop-in")
            #expect(html.contains(#"<a href="/transistors/compare?parts=BC547,BC546" class="compare-with">compare</a>"#))
            #expect(html.contains("<li><span aria-hidden=\"true\">✓</span> VCEO 65 V ≥ 45 V</li>"))
            #expect(html.contains(#"<span class="visually-hidden">Check: </span>pins differ: EBC vs CBE</li>"#))
            #expect(html.contains(#"<span class="fit fit-unverified">unverified, pins differ</span>"#))
            #expect(html.contains(#"<a href="/transistors/compare?parts=BC547" id="add-to-compare">Add BC547 to a comparison</a>"#))
            let substitutes = html.matches(of: /<li class="substitute">/).count
            #expect(substitutes == 5, "no Darlington and no power part for a small-signal part")
            let more = try await client.execute(uri: "/transistors/2N3904", method: .get).text
            #expect(more.contains(#"<details class="more-substitutes">"#))
        }
    }

    /// Parts ticked in the list arrive as repeated `parts`; a link writes them with commas.
    @Test func theComparePageSetsPartsSideBySide() async throws {
        try await withRouter { client in
            let list = try await client.execute(uri: "/transistors", method: .get).text
            #expect(list.contains(#"<form method="get" action="/transistors/compare" id="compare-form">"#))

            let response = try await client.execute(uri: "/transistors/compare?parts=bc547&parts=2N3904,2N2222A", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<title>Compare BC547, 2N3904, 2N2222A – Transistor Listor</title>"))
            #expect(html.contains(#"<th scope="col"><a href="/transistors/BC547">BC547</a> <a href="/transistors/compare?parts=2N3904,2N2222A" class="remove""#))
            #expect(html.contains(#"<tr class="differs"><th scope="row"><span class="differs-mark" aria-hidden="true">≠ </span>Collector current (IC)<span class="visually-hidden"> (the values differ)</span></th><td>100 mA</td><td>200 mA</td><td class="best"><strong>600 mA</strong> <span class="best-mark">best</span></td></tr>"#))
            #expect(html.contains(#"<tr><th scope="row">Transition frequency (fT)</th><td>300 MHz</td><td>300 MHz</td><td>300 MHz</td></tr>"#))
            #expect(html.contains(#"<input type="hidden" name="parts" value="2N2222A">"#), "one more may be added")

            let unknown = try await client.execute(uri: "/transistors/compare?parts=BC547,BC548X", method: .get)
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains(#"<p>The catalog has no transistor &quot;BC548X&quot;. Did you mean: <a href="/transistors/compare?parts=BC547,BC548">BC548</a> <a href="/transistors/compare?parts=BC547,BC546">BC546</a></p>"#))
            #expect(unknown.text.contains("Add at least one more part to compare with BC547."))

            let five = try await client.execute(uri: "/transistors/compare?parts=BC546,BC547,BC548,BC549,BC550", method: .get).text
            #expect(five.contains("At most 4 parts can be compared; 1 more was left out: BC550."))
            #expect(!five.contains(#"id="add-part""#))
        }
    }

    @Test func anUnknownPartIsA404PageWithTheClosestParts() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/transistors/BC548X", method: .get)
            #expect(response.status == .notFound)
            #expect(response.text.contains("The catalog has no transistor &quot;BC548X&quot;. Did you mean one of these?"))
            #expect(response.text.contains(#"<li><a href="/transistors/BC548">BC548</a></li>"#))
        }
    }
}

@Suite struct TransistorAPITests {
    @Test func listsInTheSeedFormatWithTheSameFilters() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/api/transistors?family=mosfet&min_voltage=400V&sort=voltage", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let catalog = try TransistorCatalogDecoder().decode(Array(response.text.utf8))
            #expect(catalog.problems.isEmpty)
            #expect(catalog.transistors.map(\.partNumber) == ["IRF730", "IRF740", "IRF830", "IRF840", "IRFP460"])
        }
    }

    /// A hundred parts a page unless per_page says (up to 1000), the count of every match and
    /// the other pages in headers; a download is every match whatever the page.
    @Test func listsAPageAtATimeWithTheTotalAndLinks() async throws {
        try await withRouter { client in
            let first = try await client.execute(uri: "/api/transistors?family=mosfet&per_page=20", method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[HTTPField.Name("X-Total-Count")!] == "54")
            #expect(first.headers[HTTPField.Name("Link")!] == [
                #"</api/transistors?family=mosfet&per_page=20&page=2>; rel="next""#,
                #"</api/transistors?family=mosfet&per_page=20&page=1>; rel="first""#,
                #"</api/transistors?family=mosfet&per_page=20&page=3>; rel="last""#,
            ].joined(separator: ", "))
            let last = try await client.execute(uri: "/api/transistors?family=mosfet&per_page=20&page=3", method: .get)
            let lastParts = try TransistorCatalogDecoder().decode(Array(last.text.utf8)).transistors
            let all = try TransistorCatalogDecoder().decode(Array(try await client.execute(uri: "/api/transistors?family=mosfet", method: .get).text.utf8)).transistors
            #expect(all.count == 54, "54 fit the default page of 100")
            #expect(lastParts.map(\.partNumber) == all.suffix(14).map(\.partNumber))

            let everything = try await client.execute(uri: "/api/transistors?format=csv", method: .get)
            #expect(try TransistorCatalogDecoder().decode(Array(everything.text.utf8)).transistors.count == 189)
            #expect(try await client.execute(uri: "/api/transistors", method: .get).headers[HTTPField.Name("X-Total-Count")!] == "189")

            let bad = try await client.execute(uri: "/api/transistors?per_page=5000", method: .get)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains(#""field":"per_page","message":"\"5000\" is not a whole number from 1 to 1000""#))
        }
    }

    @Test func oneTransistorAndErrorsAsJSON() async throws {
        try await withRouter { client in
            let part = try await client.execute(uri: "/api/transistors/2n3904", method: .get)
            #expect(part.status == .ok)
            let value = try JSONParser.parse(Array(part.text.utf8))
            #expect(value["part_number"] == .string("2N3904"))
            #expect(value["datasheet"]?["pinout"] == .string("EBC"))

            let missing = try await client.execute(uri: "/api/transistors/nope", method: .get)
            #expect(missing.status == .notFound)
            #expect(missing.text == #"{"error":"no transistor \"nope\" in the catalog"}"#)

            let bad = try await client.execute(uri: "/api/transistors?min_current=lots", method: .get)
            #expect(bad.status == .badRequest)
            let badError = try JSONParser.parse(Array(bad.text.utf8))["error"]
            #expect(badError == .string(
                #"min_current: "lots" is not a current: it does not start with a number (examples: 500mA, 0.5 A, 2A)"#))

            let unknownRoute = try await client.execute(uri: "/api/nothing", method: .get)
            #expect(unknownRoute.status == .notFound)
            #expect(unknownRoute.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    /// The API applies what it can of a search and warns about the rest; `strict=true` refuses it
    /// and names every token it could not use.
    @Test func searchProblemsAreWarningsUnlessStrict() async throws {
        try await withRouter { client in
            let search = "npn%20ic%3E%3D5xA%20vgsth%3C2V%20vce%3E%3D60V"
            let lenient = try await client.execute(uri: "/api/transistors?search=\(search)", method: .get)
            #expect(lenient.status == .ok)
            let warnings = lenient.headers[values: HTTPField.Name("Warning")!]
            #expect(warnings.count == 2)
            #expect(warnings.first?.hasPrefix(#"299 - "search: \"ic>=5xA\": \"5xA\" is not a current"#) == true)
            let parts = try TransistorCatalogDecoder().decode(Array(lenient.text.utf8)).transistors
            #expect(!parts.isEmpty)
            #expect(parts.allSatisfy { $0.dopingName == "NPN" && ($0.ratings.maxVoltage ?? 0) >= 60 })

            let strict = try await client.execute(uri: "/api/transistors?strict=true&search=\(search)", method: .get)
            #expect(strict.status == .badRequest)
            let answer = try JSONParser.parse(Array(strict.text.utf8))
            guard case .array(let problems)? = answer["problems"] else {
                Issue.record("no problems in \(strict.text)")
                return
            }
            #expect(problems.count == 2)
            #expect(problems.last?["message"] == .string(#""vgsth<2V": "vgsth" applies to MOSFETs; no BJT has it"#))

            let clean = try await client.execute(uri: "/api/transistors?strict=true&search=npn%20vce%3E%3D60V", method: .get)
            #expect(clean.status == .ok)
            #expect(clean.headers[values: HTTPField.Name("Warning")!].isEmpty)
            let badFlag = try await client.execute(uri: "/api/transistors?strict=maybe", method: .get)
            #expect(badFlag.status == .badRequest)
            #expect(badFlag.text.contains(#"strict: \"maybe\" is not true or false"#))
        }
    }

    /// The list's "Download" links carry its query; the files hold exactly what it shows.
    @Test func theListDownloadsAsCSVAndJSON() async throws {
        try await withRouter { client in
            let html = try await client.execute(uri: "/transistors?search=nmos+to-220+vds%3E%3D100V&sort=-current", method: .get).text
            let link = try #require(html.firstMatch(of: /<a href="([^"]+)" download>CSV<\/a>/))
            let href = String(link.output.1).replacingOccurrences(of: "&amp;", with: "&")
            #expect(href == "/api/transistors?search=nmos%20to-220%20vds%3E%3D100V&sort=-current&format=csv")
            let csv = try await client.execute(uri: href, method: .get)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == #"attachment; filename="transistors.csv""#)
            let parts = try TransistorCSV.read(Array(csv.text.utf8)).transistors
            #expect(!parts.isEmpty)
            #expect(parts.allSatisfy { $0.dopingName == "NMOS" && $0.package.name == "TO-220" && ($0.ratings.maxVoltage ?? 0) >= 100 })
            #expect(parts.map { $0.ratings.maxCurrent ?? 0 } == parts.map { $0.ratings.maxCurrent ?? 0 }.sorted(by: >))
            let summary = try #require(html.firstMatch(of: /id="summary">(\d+) of 189/))
            #expect(parts.count == Int(summary.output.1))

            let json = try await client.execute(uri: href.replacingOccurrences(of: "format=csv", with: "format=json"), method: .get)
            #expect(json.headers[.contentDisposition] == #"attachment; filename="transistors.json""#)
            #expect(try TransistorCatalogDecoder().decode(Array(json.text.utf8)).transistors.map(\.partNumber) == parts.map(\.partNumber))
            let bad = try await client.execute(uri: "/api/transistors?format=xml", method: .get)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func substitutesAsJSON() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/api/transistors/irfz44n/substitutes?same_pinout=true&limit=2", method: .get)
            #expect(response.status == .ok)
            let value = try JSONParser.parse(Array(response.text.utf8))
            #expect(value["original"] == .string("IRFZ44N"))
            #expect(value["total"] == .number(3))
            guard case .array(let substitutes)? = value["substitutes"] else {
                Issue.record("no substitutes in \(response.text)")
                return
            }
            #expect(substitutes.count == 2)
            #expect(substitutes.allSatisfy { $0["fit"] == .string("drop-in") && $0["part"]?["package"] == .string("TO-220") })

            let unknown = try await client.execute(uri: "/api/transistors/BC548X/substitutes", method: .get)
            #expect(unknown.status == .notFound)
            #expect(unknown.text == #"{"error":"no transistor \"BC548X\" in the catalog; did you mean BC548, BC546, BC547?"}"#)
            let bad = try await client.execute(uri: "/api/transistors/BC547/substitutes?limit=1000&same_pinout=perhaps", method: .get)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains(#"same_pinout: \"perhaps\" is not true or false; limit: \"1000\" is not a whole number from 1 to 200"#))
        }
    }

    /// The search box's query language through the page: a form's `+` is a space, each token
    /// that cannot be used is named under the box, and the rest still filters.
    @Test func theSearchTakesTheQueryLanguage() async throws {
        try await withRouter { client in
            let html = try await client.execute(uri: "/transistors?search=npn+ic%3E%3D5xA+vce%3E%3D60V", method: .get).text
            #expect(html.contains(#"<div id="search-errors"><p class="field-error">&quot;ic&gt;=5xA&quot;: &quot;5xA&quot; is not a current"#))
            #expect(html.contains(#"aria-describedby="search-errors""#))
            let summary = try #require(html.firstMatch(of: /id="summary">(\d+) of 189 transistors/))
            #expect(Int(summary.output.1) ?? 0 > 0)
            #expect(!html.contains(">BC547<"), "a 45 V part is left out by vce>=60V")
        }
    }
}
