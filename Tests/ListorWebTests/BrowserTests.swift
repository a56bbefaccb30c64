import Foundation
import Hummingbird
import Library
import LibrarySQL
import ListorHTTPClient
import ListorKit
import ListorSMTP
import ListorTestSupport
import ListorWeb
import Modbus
import ModbusSQL
import Stella
import StellaSQL
import Tagged
import Testing
import Transistors

/// End to end in headless Chromium: the same journey wide, at phone width, and without JavaScript.
@Suite(.serialized) struct BrowserTests {
    /// Screenshots land here, git-ignored; the README shows two of them from docs/.
    static let screenshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Screenshots")

    /// Nil when the browser is there; otherwise skips (printing why) or, under LISTOR_REQUIRE_EXTERNAL=1, fails.
    private func browserMissing() -> Bool {
        guard let reason = ExternalComponent.missing([WebDriverSession.chromium, WebDriverSession.chromedriver], for: "the browser test") else {
            return false
        }
        ExternalComponent.unavailable(reason)
        return true
    }

    private func serve(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        try await withLoopbackServer(try await makeRouter()) { base in try await body(base.absoluteString + "/") }
    }

    private func save(_ session: WebDriverSession, _ name: String) async throws {
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        try await session.screenshot().write(to: Self.screenshots.appendingPathComponent(name))
    }

    /// What the list should show for a query, from the same view model the server uses.
    private func expected(_ input: TransistorQuery.Input) async throws -> (summary: String, first: String) {
        var viewModel = TransistorListViewModel(query: TransistorQuery.parse(input).query)
        await viewModel.load(from: TransistorCatalogProviders.bundled())
        return (try viewModel.page.summary, try viewModel.page.rows.first?.partNumber ?? "")
    }

    /// Home → transistors → search as you type → filter by family → detail → back, query kept.
    private func journey(_ browser: WebDriverSession, base: String, phone: Bool) async throws {
        let suffix = phone ? "phone" : "wide"
        let searched = try await expected(.init(search: "switch"))
        let filtered = try await expected(.init(search: "switch", family: "mosfet"))
        #expect(searched.summary != filtered.summary)

        try await browser.open(base)
        try await browser.click(#"a[href="/transistors"]"#)
        #expect(try await browser.currentURL() == base + "transistors")

        // Given the full list, when the user types, then the list narrows without a reload.
        try await browser.type("switch", into: "#search")
        try await browser.waitUntil("location.search === '?search=switch' && document.getElementById('summary').textContent === '\(searched.summary)'")
        #expect(try await browser.script("return document.body.dataset.liveUpdates !== undefined") == .bool(true))

        try await browser.type("MOSFET", into: "#family")
        try await browser.waitUntil("location.search === '?search=switch&family=mosfet' && document.getElementById('summary').textContent === '\(filtered.summary)'")
        try await save(browser, "transistors-list-\(suffix).png")

        // Open a part: wide screens keep the list beside it, phones show the detail alone.
        try await browser.click("#results tbody tr:first-child th a")
        try await browser.waitUntil("document.getElementById('detail-heading') !== null")
        #expect(try await browser.text("#detail-heading") == filtered.first)
        #expect(try await browser.isDisplayed(".list-pane") == !phone)
        #expect(try await browser.isDisplayed("#back-to-results") == phone)
        try await save(browser, "transistors-detail-\(suffix).png")

        // Back to results keeps the query: the link on phones, the list beside the detail on wide screens.
        if phone {
            try await browser.click("#back-to-results")
        } else {
            try await browser.click("#results tbody tr:first-child th a")
            #expect(try await browser.currentURL().contains("?search=switch&family=mosfet"))
            guard case .string(let back) = try await browser.script("return document.getElementById('back-to-results').href") else {
                Issue.record("no back link")
                return
            }
            try await browser.open(back)
        }
        try await browser.waitUntil("document.getElementById('detail-heading') === null")
        #expect(try await browser.currentURL().hasSuffix("/transistors?search=switch&family=mosfet"))
        #expect(try await browser.script("return document.getElementById('search').value") == .string("switch"))
        #expect(try await browser.script("return document.getElementById('family').value") == .string("mosfet"))
        #expect(try await browser.text("#summary") == filtered.summary)
    }

    @Test func wideScreenJourney() async throws {
        if browserMissing() { return }
        try await serve { base in
            try await WebDriverSession.with(width: 1280, height: 900) { browser in
                try await journey(browser, base: base, phone: false)
            }
        }
    }

    @Test func phoneWidthJourney() async throws {
        if browserMissing() { return }
        try await serve { base in
            try await WebDriverSession.with(width: 375, height: 812) { browser in
                try await journey(browser, base: base, phone: true)
            }
        }
    }

    /// As you type, each token the search cannot use is named under the box, and goes when fixed.
    @Test func liveSearchNamesWhatItCannotUse() async throws {
        if browserMissing() { return }
        try await serve { base in
            try await WebDriverSession.with(width: 1280, height: 900) { browser in
                try await browser.open(base + "transistors")
                try await browser.type("npn ic>=5xA", into: "#search")
                try await browser.waitUntil("document.getElementById('search-errors') !== null")
                #expect(try await browser.text("#search-errors").contains(#""ic>=5xA": "5xA" is not a current"#))
                #expect(try await browser.script("return document.getElementById('search').getAttribute('aria-describedby')") == .string("search-errors"))
                _ = try await browser.script("const box = document.getElementById('search'); box.value = 'npn'; box.dispatchEvent(new Event('input', {bubbles: true}))")
                try await browser.waitUntil("document.getElementById('search-errors') === null && location.search === '?search=npn'")
                #expect(try await browser.script("return document.getElementById('search').hasAttribute('aria-invalid')") == .bool(false))
            }
        }
    }

    @Test func everythingWorksWithJavaScriptDisabled() async throws {
        if browserMissing() { return }
        try await serve { base in
            let filtered = try await expected(.init(search: "switch", family: "mosfet"))
            try await WebDriverSession.with(width: 1280, height: 900, javaScript: false) { browser in
                try await browser.open(base + "transistors")
                try await browser.type("switch", into: "#search")
                try await browser.type("MOSFET", into: "#family")
                try await browser.click(".actions button[type=submit]")
                try await browser.waitUntil(#"location.search.includes('family=mosfet')"#)
                #expect(try await browser.currentURL().hasSuffix("/transistors?search=switch&family=mosfet&doping=&package=&min_voltage=&min_current=&sort="))
                #expect(try await browser.text("#summary") == filtered.summary)
                #expect(try await browser.script("return document.body.dataset.liveUpdates === undefined") == .bool(true))

                // A bad value is explained next to its field, and the list still shows.
                try await browser.type("lots", into: "#min_voltage")
                try await browser.click(".actions button[type=submit]")
                try await browser.waitUntil("document.getElementById('min_voltage-error') !== null")
                #expect(try await browser.text("#min_voltage-error").contains("\"lots\" is not a voltage"))
                #expect(try await browser.text("#summary") == filtered.summary)

                try await browser.click("#results tbody tr:first-child th a")
                try await browser.waitUntil("document.getElementById('detail-heading') !== null")
                #expect(try await browser.text("#detail-heading") == filtered.first)
                // The list stays beside the detail on a wide screen; its back link carries the query.
                guard case .string(let back) = try await browser.script("return document.getElementById('back-to-results').href") else {
                    Issue.record("no back link")
                    return
                }
                try await browser.open(back)
                try await browser.waitUntil("document.getElementById('detail-heading') === null")
                #expect(try await browser.script("return document.getElementById('search').value") == .string("switch"))
            }
        }
    }

    // MARK: ModbusApp

    /// Search as you type, then values, and a dead link, arriving without a reload. At phone width,
    /// where the sheet scrolls sideways under its frozen first column.
    @Test func modbusSheetSearchesAndUpdatesLive() async throws {
        if browserMissing() { return }
        let meter = try await SimulatedMeter()
        let snapshot = await meter.monitor.refresh()
        let matching = RegisterSheetViewModel(snapshot: snapshot, search: "temperature").rows.count
        try await withLoopbackServer(try await makeRouter(meter: meter)) { base in
            try await WebDriverSession.with(width: 375, height: 812) { browser in
                try await browser.open(base.absoluteString + "/modbus/devices/meter")
                // The first event is the current snapshot: once applied, the page follows the meter.
                try await browser.waitUntil("document.body.dataset.liveUpdates !== undefined")
                #expect(try await browser.script("return getComputedStyle(document.querySelector('.sheet thead th')).position") == .string("sticky"))
                #expect(try await browser.script("return getComputedStyle(document.querySelector('#sheet-rows th')).position") == .string("sticky"))
                // A technician on a phone reads the value beside the name, without scrolling sideways.
                let place = try await browser.script("""
                    const value = document.querySelector('#sheet-rows tr[data-index="0"] .col-real_value').getBoundingClientRect();
                    return [value.left, value.right, window.innerWidth]
                    """)
                guard case .array(let edges) = place, edges.count == 3, case .number(let left) = edges[0], case .number(let right) = edges[1],
                      case .number(let window) = edges[2] else {
                    Issue.record("no value cell: \(place)")
                    return
                }
                #expect(left >= 0 && right <= window, "the value spans \(left) to \(right) of \(window)")

                try await browser.type("temperature", into: "#search")
                try await browser.waitUntil("document.getElementById('summary').textContent === '\(matching) of \(snapshot.rows.count) variables'")
                #expect(try await browser.script("return document.querySelectorAll('#sheet-rows tr:not([hidden])').length") == .number(Double(matching)))
                #expect(try await browser.currentURL().hasSuffix("/modbus/devices/meter?search=temperature"))

                try await browser.type(" nothing-like-this", into: "#search")
                try await browser.waitUntil("!document.getElementById('empty').hidden")
                #expect(try await browser.text("#empty") == "No search results")

                _ = try await browser.script("window.listorMarker = 'same page'; return null")
                meter.setFlow(42.5)
                await meter.monitor.refresh()
                try await browser.waitUntil("document.querySelector('#sheet-rows tr[data-index=\"0\"] .col-real_value').textContent === '42.5'")

                meter.link.isDown = true
                await meter.monitor.refresh()
                try await browser.waitUntil("document.getElementById('connection').classList.contains('failed')")
                #expect(try await browser.text("#connection-text") == "Cannot read the device: no response from meter:502 within 2 s")
                #expect(try await browser.script("return document.querySelector('#sheet-rows tr[data-index=\"0\"]').classList.contains('stale')") == .bool(true))
                #expect(try await browser.script("return window.listorMarker") == .string("same page"))
                try await save(browser, "modbus-phone.png")
            }
        }
    }

    /// A page refused a live-update stream says so, and follows the device once a slot frees.
    @Test func modbusSheetSaysWhenLiveUpdatesArePausedAndResumes() async throws {
        if browserMissing() { return }
        let meter = try await SimulatedMeter(maximumWatchers: 1, interval: .milliseconds(100))
        try await withLoopbackServer(try await makeRouter(meter: meter)) { base in
            let holder = try RawHTTPConnection(port: try #require(base.port))
            try holder.send("GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            _ = try await holder.read(through: "retry: 3000\n\n")
            try await WebDriverSession.with(width: 1280, height: 900) { browser in
                try await browser.open(base.absoluteString + "/modbus/devices/meter")
                try await browser.waitUntil("document.getElementById('connection-text').textContent.startsWith('Live updates paused: too many viewers; retrying in 5 s')")
                #expect(try await browser.script("return document.body.dataset.liveUpdates === undefined") == .bool(true))
                try await save(browser, "modbus-paused.png")
                // The other viewer leaves; its stream ends at a poll, and the page's retry gets the slot.
                let polling = Task { await meter.monitor.run() }
                holder.shutDown()
                try await browser.waitUntil("document.body.dataset.liveUpdates !== undefined", timeout: .seconds(30))
                #expect(try await browser.text("#connection-text") != "")
                polling.cancel()
            }
        }
    }

    /// From the sheet to a variable's chart, where a new poll's value is drawn without a reload:
    /// wide and at phone width.
    @Test(arguments: [(1280, 900), (375, 812)])
    func modbusChartGrowsAsValuesArrive(width: Int, height: Int) async throws {
        if browserMissing() { return }
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        let map = try RegisterMap.tuf2000m()
        try await store.describe(map.variables)
        let now = Date()
        for ago in (1...120).reversed() {
            try await store.record([TrendSample(variable: "1-2", time: now.addingTimeInterval(-Double(ago)), value: 0.2 + Double(ago % 10) / 100)])
        }
        let meter = try await SimulatedMeter()
        meter.setFlow(0.25)
        await meter.monitor.refresh()
        let trends = VariableTrendViewModel(store: store, pollInterval: .seconds(1))
        try await withLoopbackServer(try await makeRouter(meter: meter, trends: trends)) { base in
            try await WebDriverSession.with(width: width, height: height) { browser in
                try await browser.open(base.absoluteString + "/modbus/devices/meter")
                try await browser.click(#"a[href="/modbus/devices/meter/variables/1"]"#)
                #expect(try await browser.currentURL() == base.absoluteString + "/modbus/devices/meter/variables/1")
                #expect(try await browser.text("#variable-heading") == "Flow Rate")
                let shown = width > 640 ? "#chart-wide" : "#chart-narrow"
                #expect(try await browser.script("return getComputedStyle(document.querySelector('\(shown)')).display") == .string("block"))
                #expect(try await browser.script("return document.querySelectorAll('\(shown) polyline.line:not(.live)').length") == .number(1))
                // The first event is the current snapshot.
                try await browser.waitUntil("document.querySelector('.variable-trend').dataset.livePoints === '1'")
                _ = try await browser.script("window.listorMarker = 'same page'; return null")
                meter.setFlow(0.5)
                await meter.monitor.refresh()
                try await browser.waitUntil("document.querySelector('.variable-trend').dataset.livePoints === '2'")
                #expect(try await browser.text("#figure-last") == "0.5 m3/h")
                #expect(try await browser.script("return document.querySelector('\(shown) polyline.live').getAttribute('points').split(' ').length") == .number(2))
                #expect(try await browser.script("return window.listorMarker") == .string("same page"))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "no sideways scrolling")
                try await save(browser, "modbus-chart-\(width).png")
            }
        }
        _ = directory
    }

    /// Without JavaScript at 1280 px (chromedriver cannot scroll a link into view inside a
    /// scrolling table with JavaScript off, so the phone width runs with it).
    @Test("the plant, a device's sheet and a write from a variable's page", arguments: [(1280, 900, false), (375, 812, true)])
    func modbusPlantAndAWrite(width: Int, height: Int, javaScript: Bool) async throws {
        if browserMissing() { return }
        let directory = try TemporaryDirectory()
        let history = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        var devices: [ModbusWebModule.Device] = []
        var meters: [SimulatedMeter] = []
        for name in ["boiler-1", "meter-2"] {
            let meter = try await SimulatedMeter(writable: ["Flow Rate"])
            meters.append(meter)
            meter.setFlow(name == "meter-2" ? 0.75 : 0.25)
            await meter.monitor.refresh()
            let store = history.device(name)
            try await store.describe(try RegisterMap.tuf2000m().variables)
            devices.append(ModbusWebModule.Device(name: name, description: "Simulated TUF-2000M at 127.0.0.1:5020, unit \(devices.count + 1)", monitor: meter.monitor,
                                                  trends: VariableTrendViewModel(store: store, pollInterval: .seconds(1)),
                                                  writer: VariableWriter(device: name, transport: meter.link, audit: store), audit: store))
        }
        // A pump that another server polls into the same history.
        let pump = history.device("pump-9")
        try await pump.describe(try RegisterMap.tuf2000m().variables)
        try await pump.record([TrendSample(variable: "1-2", time: Date().addingTimeInterval(-30), value: 4.5)])
        // Its server says it stopped answering.
        #expect(try await history.claim("pump-9", source: "10.0.0.9:502, unit 9", map: "pump", interval: .seconds(1), by: "listor serve on plant-b") == nil)
        try await pump.recordConnection(downSince: Date().addingTimeInterval(-20), reason: "no answer from 10.0.0.9:502 within 1 s")
        let recorded = RecordedDevicesViewModel(history: history, polled: devices.map(\.name))
        let boiler = meters[0]
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [ModbusWebModule(devices: devices, recorded: recorded, adminToken: "s3cret")])
        try await withLoopbackServer(router) { base in
            try await WebDriverSession.with(width: width, height: height, javaScript: javaScript) { browser in
                try await browser.open(base.absoluteString + "/modbus")
                #expect(try await browser.text("#summary") == "2 devices")
                #expect(try await browser.script("return document.querySelectorAll('.plant-devices tbody tr').length") == .number(2))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the plant fits")
                if javaScript {
                    // The plant updates itself: a new reading shows without a reload.
                    boiler.setFlow(9.75)
                    await boiler.monitor.refresh()
                    try await browser.waitUntil("document.querySelector('.plant-devices tbody').textContent.includes('9.75')")
                }
                try await save(browser, "modbus-plant-\(width).png")
                try await browser.click(#"a[href="/modbus/devices/meter-2"]"#)
                #expect(try await browser.text("#sheet-heading") == "meter-2")
                try await browser.click(#"a[href="/modbus/devices/meter-2/variables/1"]"#)
                try await browser.type("3.25", into: "#write-value")
                try await browser.type("s3cret", into: "#write-token")
                try await browser.click(".write-form button[type=submit]")
                try await browser.waitUntil("document.querySelector('#write-outcome') !== null")
                #expect(try await browser.text("#write-outcome") == "Wrote 3.25: it was 0.75 and reads back 3.25.")
                #expect(try await browser.script("return document.querySelectorAll('table.writes tbody tr').length") == .number(1))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the variable's page fits")
                try await save(browser, "modbus-write-\(width).png")
                // The device another server polls: its variables, and a chart without a form.
                try await browser.open(base.absoluteString + "/modbus")
                try await browser.click(#"a[href="/modbus/devices/pump-9"]"#)
                #expect(try await browser.text("#recorded-heading") == "pump-9")
                let state = try await browser.text("#device-state")
                #expect(state.hasPrefix("Not answering since ") && state.hasSuffix(": no answer from 10.0.0.9:502 within 1 s."), "\(state)")
                #expect(try await browser.text("#polled-by").hasPrefix("Polled by listor serve on plant-b at 10.0.0.9:502, unit 9."))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the recorded device fits")
                try await save(browser, "modbus-recorded-device-\(width).png")
                try await browser.click(#"a[href="/modbus/devices/pump-9/variables/1"]"#)
                #expect(try await browser.text("#figure-last") == "4.5 m3/h")
                #expect(try await browser.script("return document.querySelector('.write-form') === null && document.querySelector('#polled-elsewhere') !== null") == .bool(true))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "its chart fits")
                try await save(browser, "modbus-recorded-\(width).png")
            }
        }
        _ = directory
    }

    @Test func modbusSheetWorksWithJavaScriptDisabled() async throws {
        if browserMissing() { return }
        let meter = try await SimulatedMeter()
        let snapshot = await meter.monitor.refresh()
        let matching = RegisterSheetViewModel(snapshot: snapshot, search: "flow").rows.count
        try await withLoopbackServer(try await makeRouter(meter: meter)) { base in
            try await WebDriverSession.with(width: 1280, height: 900, javaScript: false) { browser in
                try await browser.open(base.absoluteString + "/modbus/devices/meter")
                try await browser.type("flow", into: "#search")
                try await browser.click(".sheet-search button[type=submit]")
                try await browser.waitUntil("location.search === '?search=flow'")
                #expect(try await browser.text("#summary") == "\(matching) of \(snapshot.rows.count) variables")
                #expect(try await browser.script("return document.querySelectorAll('#sheet-rows tr:not([hidden])').length") == .number(Double(matching)))
                try await save(browser, "modbus-wide-no-js.png")
            }
        }
    }

    // MARK: Prolific Library

    /// Add → check out → check in → history, with the unsaved-changes warning on the form.
    private func libraryJourney(_ browser: WebDriverSession, base: String, suffix: String) async throws {
        try await browser.open(base + "/library")
        try await browser.click("#add-book")
        try await browser.waitUntil("document.getElementById('form-heading') !== null")
        try await browser.type("The Dispossessed", into: "#title")
        try await browser.type("Ursula K. Le Guin", into: "#author")
        // Leaving now would lose the typing: the page asks first.
        #expect(try await browser.script("const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented") == .bool(true))
        try await browser.click("#save-book")
        try await browser.waitUntil("document.getElementById('book-heading') !== null")
        #expect(try await browser.text("#book-heading") == "The Dispossessed")
        #expect(try await browser.text("#notice") == "Added.")
        #expect(try await browser.text("#checkout-status") == "Available. Never checked out")

        // A name nobody has is refused beside the field; a new patron is made when asked for.
        try await browser.type("Ann", into: "#borrower")
        try await browser.click("#check-out")
        try await browser.waitUntil("document.getElementById('borrower-error') !== null")
        #expect(try await browser.text("#borrower-error").hasPrefix("no patron has the card or the name “Ann”"))
        try await browser.click("#new-patron")
        try await browser.click("#check-out")
        try await browser.waitUntil("document.getElementById('checkout-status').textContent.startsWith('Checked out by Ann on ')")
        #expect(try await browser.text("#notice") == "Checked out.")
        try await save(browser, "library-detail-\(suffix).png")

        try await browser.click("#check-in")
        try await browser.waitUntil("document.getElementById('checkout-status').textContent.startsWith('Available. Last checked out by Ann on ')")
        #expect(try await browser.script("return document.querySelectorAll('#loans li').length") == .number(1))
        #expect(try await browser.text("#loans li").hasPrefix("Ann · "))

        try await browser.click("#back-to-list")
        try await browser.waitUntil("document.getElementById('summary') !== null")
        #expect(try await browser.text("#summary") == "2 books")
        try await save(browser, "library-list-\(suffix).png")
    }

    private func serveLibrary(adminToken: String? = nil, _ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let child = PatronCategory(name: "child", loanPeriod: .seconds(21 * 86_400), loanLimit: 5, renewalLimit: 1)
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")], policy: CirculationPolicy(categories: [child]))
        try await withLoopbackServer(try await site.router(adminToken: adminToken)) { base in try await body(base.absoluteString) }
        withExtendedLifetime(site) {}
    }

    @Test func libraryJourneyWide() async throws {
        if browserMissing() { return }
        try await serveLibrary { base in
            try await WebDriverSession.with(width: 1280, height: 900) { browser in try await libraryJourney(browser, base: base, suffix: "wide") }
        }
    }

    @Test func libraryJourneyAtPhoneWidth() async throws {
        if browserMissing() { return }
        try await serveLibrary { base in
            try await WebDriverSession.with(width: 375, height: 812) { browser in try await libraryJourney(browser, base: base, suffix: "phone") }
        }
    }

    /// Circulation as a librarian does it: add two patrons, check a book out to one by card,
    /// place a hold for the other by name, check the book in, and see it set aside for them.
    @Test("check out to a patron, place a hold, check in, the hold set aside", arguments: [(1280, 900, true), (375, 812, true), (1280, 900, false), (375, 812, false)])
    func circulationAtTheDesk(width: Int, height: Int, javaScript: Bool) async throws {
        if browserMissing() { return }
        try await serveLibrary { base in
            try await WebDriverSession.with(width: width, height: height, javaScript: javaScript) { browser in
                for (name, card) in [("Ann Lee", "C-1"), ("Ben Okri", "C-2")] {
                    try await browser.open(base + "/library/patrons/new")
                    try await browser.type(name, into: "#name")
                    try await browser.type(card, into: "#card")
                    if card == "C-1" {
                        try await browser.type("child", into: "#category")
                        try await browser.type("12 Elm St\nSpringfield IL 62701", into: "#address")
                    }
                    try await browser.press("#save-patron")
                    try await browser.waitUntil("document.getElementById('patron-heading') !== null")
                    #expect(try await browser.text("#patron-heading") == name)
                }
                let facts = try await browser.script("return [...document.querySelectorAll('.book-facts dd')].map(d => d.textContent)")
                #expect(facts == .array([.string("C-2")]))
                try await browser.open(base + "/library/patrons/1")
                let annFacts = try await browser.script("return [...document.querySelectorAll('.book-facts dd')].map(d => d.textContent)")
                #expect(annFacts == .array([.string("C-1"), .string("child: 21-day loans, 5 books at once, 1 renewal"), .string("12 Elm St, Springfield IL 62701")]))
                try await browser.open(base + "/library/books/1")
                try await browser.type("c-1", into: "#borrower")
                try await browser.press("#check-out")
                try await browser.waitUntil("document.getElementById('checkout-status').textContent.startsWith('Checked out by Ann Lee on ')")
                try await browser.type("Ben Okri", into: "#holder")
                try await browser.press("#place-hold")
                try await browser.waitUntil("document.getElementById('notice') !== null && document.getElementById('notice').textContent === 'Hold placed.'")
                #expect(try await browser.text("#queue li").hasPrefix("Ben Okri · waiting since "))
                // Someone else cannot take it out while Ben waits: refused, and said why.
                try await browser.press("#check-in")
                try await browser.waitUntil("document.getElementById('checkout-status').textContent.startsWith('On the hold shelf for Ben Okri until ')")
                #expect(try await browser.text("#queue li").hasPrefix("Ben Okri · set aside until "))
                #expect(try await browser.script("return document.getElementById('borrower').value") == .string("Ben Okri"), "the desk's field starts with the holder")
                try await browser.clear("#borrower")
                try await browser.type("Ann Lee", into: "#borrower")
                try await browser.press("#check-out")
                try await browser.waitUntil("document.getElementById('problem') !== null")
                #expect(try await browser.text("#problem").hasPrefix("Not checked out: book 1 is on the hold shelf for Ben Okri until "))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the book's page fits")
                try await save(browser, "library-holds-\(width)\(javaScript ? "" : "-no-js").png")
                try await browser.press(#"#queue a[href="/library/patrons/2"]"#)
                try await browser.waitUntil("document.getElementById('patron-heading') !== null")
                #expect(try await browser.text("#holds li").hasPrefix("Dune · set aside until "))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the patron's page fits")
                try await save(browser, "library-patron-\(width)\(javaScript ? "" : "-no-js").png")
            }
        }
    }

    /// The reminders' outbox, sent and failed, and a patron's overdue letter to print, its address
    /// where a window envelope's window is.
    @Test("the reminders' outbox and an overdue letter", arguments: [(1280, 900, true), (375, 812, false)])
    func remindersAndAnOverdueLetter(width: Int, height: Int, javaScript: Bool) async throws {
        if browserMissing() { return }
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")],
                                         letters: ReminderLetters(returnAddress: ["Prolific Library", "1 Main St", "Springfield IL 62701"]))
        let now = Date()
        let lent = try await site.store.checkOut(id: 1, Checkout(borrower: "Ann Lee", date: now.addingTimeInterval(-20 * 86_400), due: now.addingTimeInterval(-6 * 86_400)),
                                                 expectedVersion: nil)
        let loan = try #require(lent.loan)
        let named = try #require(try await site.store.patron(.name("Ann Lee")))
        let ann = try await site.store.updatePatron(id: named.id, PatronFields(name: "Ann Lee", email: "ann.lee.with.a.long.address@example.org",
                                                                               address: "Flat 3, 12 Elm Street\nSpringfield IL 62701"), expectedVersion: nil)
        let reminder = { (kind: Reminder.Kind, key: String) in
            ReminderLetter(reminder: Reminder(kind: kind, patronID: ann.id, bookID: 1, loanID: loan.id, due: now, key: key), recipient: "ann.lee.with.a.long.address@example.org",
                           recipientName: "Ann Lee", subject: "Overdue: “Dune”", body: "Dear Ann Lee,")
        }
        _ = try await site.store.enqueue([reminder(Reminder.Kind.dueSoon, "a"), reminder(Reminder.Kind.overdue(1), "b")], at: now)
        let claimed = try await site.store.claim(limit: 2, now: now, lease: now.addingTimeInterval(60), sender: "test")
        try #require(claimed.count == 2)
        try await site.store.record(.sent(at: now), of: claimed[0].id, sender: "test")
        try await site.store.record(.failed(at: now, error: "the mail server at mail.example.org:587 answered 550 5.1.1 <ann.lee.with.a.long.address@example.org>: no such mailbox here"),
                                    of: claimed[1].id, sender: "test")
        try await withLoopbackServer(try await site.router()) { url in
            let base = url.absoluteString
            try await WebDriverSession.with(width: width, height: height, javaScript: javaScript) { browser in
                try await browser.open(base + "/library/patrons")
                try await browser.press("#reminders-link")
                try await browser.waitUntil("document.getElementById('reminders-heading') !== null")
                #expect(try await browser.text("#sending").hasPrefix("No mail server is set (serve --smtp-url)"))
                #expect(try await browser.text("#filter-failed") == "Failed (1)")
                try await browser.press("#filter-failed")
                try await browser.waitUntil("location.search === '?state=failed'")
                #expect(try await browser.text("#reminders .status").contains("550 5.1.1"))
                if width > 500 {
                    #expect(try await browser.script("return new Set([...document.querySelectorAll('[id^=filter-]')].map(a => a.offsetTop)).size") == .number(1),
                            "the states on one line")
                }
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the outbox fits")
                try await save(browser, "library-reminders-\(width).png")
                try await browser.press(#"#reminders a[href="/library/patrons/\#(ann.id)"]"#)
                try await browser.waitUntil("document.getElementById('print-letter') !== null")
                try await browser.press("#print-letter")
                try await browser.waitUntil("document.querySelector('.letter-book') !== null")
                #expect(try await browser.text(".letter-book").hasPrefix("“Dune” by Frank Herbert was due back on "))
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "the letter fits")
                #expect(try await browser.text("#return-address") == "Prolific Library · 1 Main St · Springfield IL 62701")
                #expect(try await browser.script("return [...document.querySelectorAll('#recipient span')].map(s => s.textContent)")
                        == .array([.string("Ann Lee"), .string("Flat 3, 12 Elm Street"), .string("Springfield IL 62701")]))
                #expect(try await browser.script("return document.getElementById('no-address') === null") == .bool(true))
                try await save(browser, "library-letter-\(width).png")
                // Printed, the address block is in a window envelope's window: DIN 5008's, 45 mm
                // from the top and 20 mm from the left, 85 by 45 mm.
                try await browser.emulateMedia("print")
                let box = try await browser.script("""
                    const mm = px => px * 25.4 / 96, r = document.getElementById('recipient').getBoundingClientRect(),
                          back = document.getElementById('return-address').getBoundingClientRect(), y = window.scrollY;
                    return [mm(back.top + y), mm(r.left), mm(r.right), mm(r.bottom + y), document.querySelector('.site-header').offsetHeight]
                    """)
                guard case .array(let figures) = box, figures.count == 5, case .number(let top) = figures[0], case .number(let left) = figures[1],
                      case .number(let right) = figures[2], case .number(let bottom) = figures[3] else { Issue.record("\(box)"); return }
                #expect(top > 44.5 && left > 19.5 && right < 105.5 && bottom < 90.5, "the address block at \(left)–\(right) mm across, \(top)–\(bottom) mm down")
                #expect(figures[4] == .number(0), "no site header on paper")
                try await browser.emulateMedia("")
            }
        }
        withExtendedLifetime(site) {}
    }

    /// With an admin token, adding a book takes the librarian's sign-in first, and then the
    /// page forms (sent from this origin, with their signed token) go through.
    @Test func theLibrarianSignsInBeforeAddingABook() async throws {
        if browserMissing() { return }
        try await serveLibrary(adminToken: "s3cret") { base in
            try await WebDriverSession.with(width: 1280, height: 900) { browser in
                try await browser.open(base + "/library/books/new")
                try await browser.waitUntil("location.pathname === '/library/sign-in'")
                try await browser.type("guess", into: "#admin_token")
                try await browser.click("#sign-in")
                try await browser.waitUntil("document.getElementById('problem') !== null")
                #expect(try await browser.text("#problem") == "That is not the admin token.")
                try await browser.type("s3cret", into: "#admin_token")
                try await browser.click("#sign-in")
                try await browser.waitUntil("location.pathname === '/library/books/new'")
                try await browser.type("Emma", into: "#title")
                try await browser.type("Jane Austen", into: "#author")
                try await browser.click("#save-book")
                try await browser.waitUntil("document.getElementById('notice') !== null")
                #expect(try await browser.text("#notice") == "Added.")
                #expect(try await browser.text("#book-heading") == "Emma")
                try await save(browser, "library-signed-in.png")
                // The list says so, and signing out ends it.
                try await browser.open(base + "/library")
                try await browser.click("#librarian")
                try await browser.waitUntil("document.getElementById('sign-out') !== null")
                try await browser.click("#sign-out")
                try await browser.waitUntil("document.getElementById('sign-in-link') !== null")
                #expect(try await browser.text(".notice") == "Signed out.")
            }
        }
    }

    // MARK: Stella

    /// How a journey moves through the pages: the pointer (a click, or Enter on the element at
    /// phone width without scripts, where a tap never ends), or the keyboard alone (Tab to each
    /// control, then keys).
    enum Hands: String, Sendable {
        case pointer, keyboard
    }

    /// The shopping journey the issue names: department → filter by size and colour → product →
    /// a sold-out combination announced → choose a size and colour → bag → change the quantity →
    /// checkout with errors beside their fields → order page; each page no wider than the window.
    private func shop(_ browser: WebDriverSession, base: String, javaScript: Bool, hands: Hands, suffix: String) async throws {
        let catalogue = Catalogue.bundled
        // A product in M that is in stock in one colour and cannot be had in another.
        var found: (product: Product, colour: String, missing: String, page: ProductPage)?
        for colour in catalogue.products.flatMap({ $0.values(of: .colour) }) where found == nil {
            let page = try catalogue.page(department: "ready-to-wear", CatalogueQuery(size: "M", colour: colour))
            for product in page.products where found == nil {
                guard let available = product.variant(["M", colour]), available.stock >= 2,
                      let missing = product.values(of: .colour).first(where: { (product.variant(["M", $0])?.stock ?? 0) == 0 }) else { continue }
                found = (product, colour, missing, page)
            }
        }
        let (product, colour, missing, filtered) = try #require(found)
        let variant = try #require(product.variant(["M", colour]))
        let fits = "document.documentElement.scrollWidth <= window.innerWidth"
        func activate(_ selector: String) async throws {
            switch hands {
            case .keyboard:
                try await browser.tab(to: selector)
                try await browser.keys("\u{E007}")
            case .pointer:
                if javaScript { try await browser.click(selector) } else { try await browser.press(selector) }
            }
        }
        func choose(_ label: String, in select: String) async throws {
            switch hands {
            case .keyboard:
                try await browser.tab(to: select)
                try await browser.keys(label)
            case .pointer: try await browser.type(label, into: select)
            }
        }
        func pick(_ value: String, of field: String) async throws {
            switch hands {
            case .keyboard:
                // Tab reaches a radio group once; the arrows then move through it, choosing as they go.
                try await browser.tab(to: "input[name=\(field)]")
                try await browser.keys(" ")
                for _ in 0..<12 where try await browser.script("return document.activeElement.value") != .string(value) {
                    try await browser.keys("\u{E014}")
                }
            case .pointer:
                let id = try #require(try await browser.script("return [...document.querySelectorAll('input[name=\(field)]')].find(r => r.value === '\(value)').id").stringValue)
                // Without scripts at phone width a tap never ends; the radio's own Space chooses it.
                if javaScript { try await browser.click("label[for=\"\(id)\"]") } else { try await browser.type(" ", into: "#\(id)") }
            }
            #expect(try await browser.script("return document.querySelector('input[name=\(field)]:checked').value") == .string(value))
        }
        func fill(_ text: String, into field: String) async throws {
            switch hands {
            case .keyboard:
                // To the end of what the field has, Backspace over it, then the text.
                try await browser.tab(to: "#\(field)")
                guard case .number(let length) = try await browser.script("return document.getElementById('\(field)').value.length") else { return }
                try await browser.keys("\u{E010}" + String(repeating: "\u{E003}", count: Int(length)) + text)
            case .pointer:
                _ = try await browser.script("document.getElementById('\(field)').value = ''")
                try await browser.type(text, into: "#\(field)")
            }
        }
        func waitFor(_ selector: String) async throws {
            try await browser.waitUntil("document.querySelector('\(selector)') !== null")
        }

        // The department, filtered by size and colour; each filter's values carry their counts.
        try await browser.open(base + "/stella")
        try await activate(#"a[href="/stella/ready-to-wear"]"#)
        try await waitFor("#products-heading")
        try await choose("M (", in: "#size")
        try await choose(colour + " (", in: "#colour")
        try await activate("#apply-filters")
        try await browser.waitUntil("location.search.includes('size=M') && location.search.includes('colour=')")
        #expect(try await browser.text("#summary") == filtered.summary)
        let count = try #require(filtered.facets.colours.first { $0.value == colour }?.count)
        #expect(try await browser.script("return document.querySelector('#colour').selectedOptions[0].textContent") == .string("\(colour) (\(count))"))
        #expect(try await browser.script("return \(fits)") == .bool(true), "the list fits")
        try await save(browser, "stella-shop-filtered-\(suffix).png")

        // The product: a combination that cannot be had is said so, at once with scripts, when sent without.
        try await activate(#"a[href="/stella/products/\#(product.code)"]"#)
        try await waitFor("#product-heading")
        #expect(try await browser.script("return document.querySelectorAll('.gallery-strip img').length") == .number(Double(product.pictures.count)), "every picture")
        try await pick("M", of: "option1")
        try await pick(missing, of: "option2")
        if javaScript {
            #expect(try await browser.text("#availability").hasPrefix("M in \(missing) is "), "announced in the live status")
        } else {
            try await activate("#add-button")
            try await waitFor("#add-error")
            #expect(try await browser.text("#add-error").hasPrefix("M in \(missing) is "))
            #expect(try await browser.script("return document.querySelector('input[name=option1]:checked').value") == .string("M"), "the choice is kept")
        }
        try await pick(colour, of: "option2")
        if javaScript {
            #expect(try await browser.text("#availability").hasPrefix("M in \(colour): "))
        }
        #expect(try await browser.script("return \(fits)") == .bool(true), "the product fits")
        try await save(browser, "stella-shop-product-\(suffix).png")
        try await activate("#add-button")

        // The bag: the line, the count in the header; the quantity changed.
        try await waitFor("#bag-lines")
        #expect(try await browser.text("#notice") == "Added \(product.name) — M / \(colour) to your bag.")
        #expect(try await browser.text("#bag-count") == "1")
        try await fill("2", into: "quantity-1")
        if hands == .keyboard { try await browser.keys("\u{E007}") } else { try await activate("#line-1 .bag-line-form button") }
        try await browser.waitUntil("document.getElementById('bag-count').textContent === '2'")
        let total = Money(minorUnits: variant.price.minorUnits * 2).formatted
        #expect(try await browser.text("#bag-total").contains(total))
        #expect(try await browser.script("return \(fits)") == .bool(true), "the bag fits")
        try await save(browser, "stella-shop-bag-\(suffix).png")

        // Checkout: each problem beside its field, then the order.
        try await activate("#checkout-link")
        try await waitFor("#checkout-heading")
        try await fill("not an address", into: "email")
        try await activate("#place-order")
        try await waitFor("#name-error")
        #expect(try await browser.text("#name-error") == "Name is required")
        #expect(try await browser.text("#email-error") == "Email \"not an address\" is not an email address (name@example.org)")
        #expect(try await browser.script("return document.getElementById('email').getAttribute('aria-invalid')") == .string("true"))
        #expect(try await browser.script("return \(fits)") == .bool(true), "the checkout fits")
        try await save(browser, "stella-shop-checkout-\(suffix).png")
        try await fill("Ann Lee", into: "name")
        try await fill("ann@example.org", into: "email")
        try await fill("1 High Street, Bath", into: "address")
        try await activate("#place-order")
        try await waitFor("#order-heading")
        #expect(try await browser.text("#order-heading").hasPrefix("Order S-"))
        #expect(try await browser.text("#order-lines") == "2 × \(product.name) — M / \(colour) (\(variant.sku)) — \(total)")
        #expect(try await browser.text("#bag-count") == "0", "the bag is empty")
        #expect(try await browser.currentURL().contains(/\/stella\/orders\/[0-9a-f]{32}\?placed=1$/))
        #expect(try await browser.script("return \(fits)") == .bool(true), "the order fits")
        try await save(browser, "stella-shop-order-\(suffix).png")
    }

    /// Stella on a store of its own (SQLite in a temporary directory), its catalogue read from it at each page.
    private func serveStella(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        _ = try await store.seed(CatalogueGenerator.products())
        let catalogue = StoreCatalogue(store: store, maximumAge: .zero).client
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule(catalogue: catalogue, store: store)])
        try await withLoopbackServer(router) { base in try await body(base.absoluteString) }
    }

    @Test(arguments: [(1280, true, Hands.pointer), (375, false, Hands.pointer), (1280, false, Hands.keyboard), (375, true, Hands.keyboard)])
    func stellaShopping(width: Int, javaScript: Bool, hands: Hands) async throws {
        if browserMissing() { return }
        let suffix = "\(width > 500 ? "wide" : "phone")-\(javaScript ? "js" : "nojs")-\(hands.rawValue)"
        try await serveStella { base in
            try await WebDriverSession.with(width: width, height: 900, javaScript: javaScript) { browser in
                try await shop(browser, base: base, javaScript: javaScript, hands: hands, suffix: suffix)
            }
        }
    }

    /// A shop's catalogue as Shopify exports it: a product without SKUs, one with.
    static let ownersCatalogue = """
        Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Price,Status
        rugby-top,Rugby top,<p>Heavy cotton.</p>,Stella,Tops,,true,Size,Small,,shopify,5,deny,49.00,active
        rugby-top,,,,,,,,Medium,,shopify,2,deny,49.00,
        canvas-tote,Canvas tote,<p>A bag.</p>,Stella,Bags,,true,Title,Default Title,TOTE-1,shopify,8,deny,25.00,active
        """

    /// The owner's day in the back office, as the issue names it: sign in, import a catalogue
    /// after its preview, preview a re-import (nothing changes), see an order and send it, cancel
    /// another (its stock back), count a variant, archive a product; each page no wider than the
    /// window. Forms are sent with Enter, as on a phone without scripts.
    @Test(arguments: [1280, 375])
    func stellaOwnersDay(width: Int) async throws {
        if browserMissing() { return }
        guard !(await SMTPTestServer.isMissing()) else { return }
        let suffix = width > 500 ? "wide" : "phone"
        let token = "owner-token-0123456789abcdef"
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        _ = try await store.seed(CatalogueGenerator.products())
        let catalogueFile = try directory.write("products_export.csv", Data(Self.ownersCatalogue.utf8))
        let againFile = try directory.write("products_again.csv", Data(Self.ownersCatalogue.split(separator: "\n").prefix(3).joined(separator: "\n").utf8))
        let catalogue = StoreCatalogue(store: store, maximumAge: .zero).client
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule(catalogue: catalogue, store: store, owner: store, adminToken: token,
                                                                                                           sendsMail: true)])
        @Sendable func stock(_ sku: String) async throws -> Int? { try await store.products().flatMap(\.variants).first { $0.sku == sku }?.stock }
        try await withLoopbackServer(router) { url in
            let base = url.absoluteString
            try await WebDriverSession.with(width: width, height: 900, javaScript: width > 500) { browser in
                func fits(_ page: String) async throws {
                    #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "\(page) fits")
                    try await save(browser, "stella-owner-\(page)-\(suffix).png")
                }
                func waitFor(_ selector: String) async throws {
                    try await browser.waitUntil("document.querySelector('\(selector)') !== null")
                }

                // Signed out, the back office sends the owner to the sign-in, and then back.
                try await browser.open(base + "/stella/admin/orders")
                try await browser.waitUntil("location.pathname === '/stella/admin/sign-in'")
                try await fits("sign-in")
                try await browser.type(token, into: "#admin_token")
                try await browser.press("#sign-in")
                try await waitFor("#orders-heading")
                #expect(try await browser.text("#no-orders") == "No orders yet.")

                // The catalogue: what it would do first, then done; the demo goes.
                try await browser.open(base + "/stella/admin/import")
                try await browser.type(catalogueFile, into: "#import-file")
                try await browser.press("#preview-import")
                try await waitFor("#confirm-import")
                #expect(try await browser.text("#import-summary")
                    == "products_export.csv: Would import 2 products (3 variants, 2 new); the demo catalogue's 300 products to be removed.")
                #expect(try await store.products().count == 300, "a preview changes nothing")
                try await fits("import-preview")
                try await browser.press("#confirm-import")
                try await browser.waitUntil("document.getElementById('import-summary').textContent.includes('Imported')")
                #expect(try await browser.text("#import-summary")
                    == "products_export.csv: Imported 2 products (3 variants, 2 new); the demo catalogue's 300 products removed.")
                #expect(try await store.products().map(\.code) == ["rugby-top", "canvas-tote"])

                // Two orders come in.
                let sent = try await store.place(OrderRequest(items: [.init(sku: "rugby-top/small", quantity: 2)], name: "Ann Lee", email: "ann@example.org",
                                                              address: "1 High Street, Bath"), at: Date())
                let cancelled = try await store.place(OrderRequest(items: [.init(sku: "rugby-top/medium", quantity: 1)], name: "Bo Ek", email: "bo@example.org",
                                                                   address: "2 Low Road, Leeds"), at: Date())

                // A re-import without the tote, the missing archived: seen first, and nothing changes.
                try await browser.open(base + "/stella/admin/import")
                try await browser.type(againFile, into: "#import-file")
                try await browser.type("are archived", into: "#missing")
                try await browser.press("#preview-import")
                try await waitFor("#confirm-import")
                #expect(try await browser.text("#import-summary") == "products_again.csv: Would import 1 product (2 variants, 0 new); 1 product not in the file to be archived.")
                #expect(try await store.products().allSatisfy(\.isOnSale))
                #expect(try await stock("rugby-top/small") == 3, "an import leaves stock alone")

                // The orders, newest first, with whom they go to; one sent with its tracking note.
                try await browser.open(base + "/stella/admin/orders")
                try await waitFor("#order-list")
                #expect(try await browser.script("return [...document.querySelectorAll('#order-list .owner-row-title')].map(a => a.textContent)")
                    == .array([.string(cancelled.number), .string(sent.number)]))
                try await fits("orders")
                try await browser.press(#"a[href="/stella/admin/orders/\#(sent.number)"]"#)
                try await waitFor("#fulfil-form")
                #expect(try await browser.text("#order-address") == "Ann Lee\n1 High Street, Bath")
                #expect(try await browser.text("#order-lines") == "2 × Rugby top — Small (rugby-top/small), €49.00 each — €98.00")
                try await browser.type("DHL 123", into: "#tracking")
                try await browser.press("#fulfil")
                try await waitFor("#notice")
                #expect(try await browser.text("#order-state") == "fulfilled")
                #expect(try await browser.text("#order-history").contains("Fulfilled: DHL 123 by admin token (127.0.0.1)"))
                try await fits("order")

                // The other cancelled: its stock comes back.
                try await browser.open(base + "/stella/admin/orders/\(cancelled.number)")
                try await browser.press("#cancel")
                try await waitFor("#notice")
                #expect(try await browser.text("#order-state") == "cancelled")
                #expect(try await stock("rugby-top/medium") == 2)

                // A stocktake of one variant, kept in the adjustments.
                try await browser.open(base + "/stella/admin/stock?search=rugby")
                try await waitFor("#stock-list")
                _ = try await browser.script("document.getElementById('stock-0').value = ''")
                try await browser.type("10", into: "#stock-0")
                try await browser.press("#variant-0 button")
                try await waitFor("#notice")
                #expect(try await browser.text("#notice") == "Set rugby-top/small: 3 → 10.")
                #expect(try await stock("rugby-top/small") == 10)
                try await fits("stock")
                try await browser.open(base + "/stella/admin/stock/history")
                #expect(try await browser.text("#adjustments").hasPrefix("rugby-top/small 3 → 10"))

                // The tote archived: off sale, kept.
                try await browser.open(base + "/stella/admin/products")
                try await waitFor("#product-list")
                try await fits("products")
                try await browser.press("#product-1 form[action$='/archive'] button")
                try await waitFor("#notice")
                #expect(try await browser.text("#notice") == "Canvas tote archived.")
                #expect(try await store.products().first { $0.code == "canvas-tote" }?.status == .archived)

                // The shoppers' mail reaches the mail server (aiosmtpd), each letter once, and the owner sees it went.
                try await SMTPTestServer.with { smtp in
                    let mailer = try SMTPMailer(try SMTPSettings(url: "smtp://127.0.0.1:\(smtp.port)?tls=none", environment: [:]))
                    let sender = OutboxSender(mail: mailer.transport, from: try MailAddress("shop@example.org", name: "Stella"), name: "node-1")
                    #expect(try await sender.send(store).sent == 4)
                    #expect(try await sender.send(store).sent == 0, "nothing twice")
                    let received = try smtp.received()
                    #expect(received.map(\.subject).sorted() == ["Your order \(cancelled.number) is cancelled", "Your order \(cancelled.number) is placed",
                                                                 "Your order \(sent.number) is on its way", "Your order \(sent.number) is placed"].sorted())
                    #expect(received.first { $0.subject.hasSuffix("on its way") }?.body.contains("Tracking: DHL 123") == true)
                }
                try await browser.open(base + "/stella/admin/orders/\(sent.number)")
                #expect(try await browser.text("#order-mail").contains("Your order \(sent.number) is on its way: sent "))
            }
        }
    }

    /// Choosing a colour turns the gallery to that colour's picture: at once with the script;
    /// without it, by "Show this choice".
    @Test(arguments: [true, false])
    func theGalleryShowsTheChosenVariantsPicture(javaScript: Bool) async throws {
        if browserMissing() { return }
        let module = bundledStellaModule(catalogue: .bundled(Catalogue(products: [StellaPageTests.shirt])))
        try await withLoopbackServer(try await buildRouter(configuration: WebConfiguration(), modules: [module])) { base in
            try await WebDriverSession.with(width: 375, height: 812, javaScript: javaScript) { browser in
                try await browser.open(base.absoluteString + "/stella/products/sea-shirt")
                #expect(try await browser.script("return document.getElementById('gallery').scrollLeft") == .number(0))
                if javaScript {
                    #expect(try await browser.isDisplayed("#show-choice") == false, "the script shows the choice at once")
                    try await browser.click(#"label[for="option1-2"]"#)
                    try await browser.waitUntil("document.getElementById('gallery').scrollLeft >= document.getElementById('picture-2').offsetLeft - document.getElementById('gallery').offsetLeft - 1")
                } else {
                    try await browser.type(" ", into: "#option1-2")
                    try await browser.press("#show-choice")
                    try await browser.waitUntil("location.search === '?option1=Blue'")
                    #expect(try await browser.script("return document.querySelector('#picture-1 img').getAttribute('src')") == .string("/stella/images/sea-shirt/2"))
                    #expect(try await browser.script("return document.querySelector('input[name=option1]:checked').value") == .string("Blue"))
                }
                #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true))
            }
        }
    }

    /// A picture's place holds the grey frame while it loads, and the frame with a cross when
    /// it cannot be had; never a broken image.
    @Test func picturesHoldTheirPlaceWhileTheyLoadAndWhenTheyFail() async throws {
        if browserMissing() { return }
        let origin = OriginControl(.hold) { $0.hasPrefix("/stella/images/st") }
        defer { origin.set(.pass) }  // so that no request is left held if an expectation fails
        let originRouter = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])
        let (loading, failing) = (Catalogue.bundled.products[3], Catalogue.bundled.products[4])
        try await withLiveHTTPTransport { transport in
            try await withLoopbackServer(origin.guarding(originRouter)) { originURL in
                let pictures = ProductPictures(catalogue: .bundled(.bundled), pipeline: ImagePipeline(fetch: ProductImagesProvider.fetch(transport)), origin: originURL)
                let store = try await buildRouter(configuration: WebConfiguration(), modules: [StellaWebModule(catalogue: .bundled(.bundled), pictures: pictures, addresses: AddressGuard(resolver: .unimplemented))])
                try await withLoopbackServer(store) { base in
                    try await WebDriverSession.with(width: 375, height: 812, waitForImages: false) { browser in
                        let image = "document.querySelector('.product-image')"
                        try await browser.open(base.absoluteString + "/stella/products/\(loading.code)")
                        var arrivals = origin.arrivals.makeAsyncIterator()
                        #expect(await arrivals.next()?.hasPrefix("/stella/images/\(loading.code)/") == true, "the origin holds the pictures")
                        #expect(try await browser.script("return \(image).complete") == .bool(false))
                        #expect(try await browser.script("return getComputedStyle(\(image)).backgroundImage")
                            == .string("url(\"\(base.absoluteString)/stella/images/placeholder.svg\")"))
                        try await browser.waitUntil("performance.getEntriesByName(location.origin + '/stella/images/placeholder.svg').length > 0")
                        try await save(browser, "stella-loading-phone.png")

                        origin.set(.pass)
                        try await browser.waitUntil("\(image).complete && \(image).naturalWidth === 480")

                        origin.set(.fail)
                        try await browser.open(base.absoluteString + "/stella/products/\(failing.code)")
                        try await browser.waitUntil("\(image).complete")
                        #expect(try await browser.script("return \(image).naturalWidth > 0") == .bool(true), "the failure picture, not a broken image")
                        try await save(browser, "stella-failed-phone.png")
                    }
                }
            }
        }
    }

    /// Covers at 1280 and 375 px: the grid and the list with every cover loaded (one from a
    /// cover service on loopback, one uploaded through the form, a placeholder), switched by a
    /// link that the address keeps, and the book's header in its cover's colours.
    @Test(arguments: [(1280, 900), (375, 812)])
    func coversInTheGridAndTheList(width: Int, height: Int) async throws {
        if browserMissing() { return }
        let suffix = width > 500 ? "wide" : "phone"
        let navy = RGBColor(red: 24, green: 40, blue: 112)
        let dune = try TestImages.jpeg(TestImages.cover(background: navy, band: RGBColor(red: 248, green: 200, blue: 40)))
        let service = Router(context: WebRequestContext.self)
        service.get("/covers/9780441172719.jpg") { _, _ in Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: dune))) }
        let directory = try TemporaryDirectory()
        let upload = try directory.write("emma.png", Data(try TestImages.png(TestImages.cover(background: RGBColor(red: 120, green: 20, blue: 40), band: .white))))
        let library = LocalLibrary(store: try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false))
        _ = try await library.add(BookForm(title: "Dune", author: "Frank Herbert", isbn: "9780441172719"))
        _ = try await library.add(BookForm(title: "Emma", author: "Jane Austen"))
        _ = try await library.add(BookForm(title: "Kindred", author: "Octavia E. Butler"))
        try await withLiveHTTPTransport { transport in
            try await withLoopbackServer(service) { serviceURL in
                let covers = BookCovers(library: library, service: try CoverService.parse(serviceURL.absoluteString + "/covers/{isbn}.jpg"),
                                        originals: ImagePipeline(fetch: CoverService.fetch(transport, limits: HTTPLimits(timeout: .seconds(5), maximumBodySize: 8 << 20))))
                let router = try await buildRouter(configuration: WebConfiguration(), modules: [LibraryWebModule(library: library, covers: covers)])
                try await withLoopbackServer(router) { base in
                    try await WebDriverSession.with(width: width, height: height) { browser in
                        // Emma's cover, uploaded through the edit form.
                        try await browser.open(base.absoluteString + "/library/books/2/edit")
                        try await browser.type(upload, into: "#cover")
                        try await browser.click("#save-book")
                        try await browser.waitUntil("document.getElementById('notice') !== null")
                        let allLoaded = "[...document.querySelectorAll('#books img')].every(i => i.complete && i.naturalWidth > 0)"

                        try await browser.open(base.absoluteString + "/library?view=grid")
                        try await browser.waitUntil(allLoaded)
                        let columns = try await browser.script("return getComputedStyle(document.getElementById('books')).gridTemplateColumns.split(' ').length")
                        guard case .number(let count) = columns else { throw WebDriverSession.Failure(description: "no column count: \(columns)") }
                        #expect(width > 500 ? count >= 5 : count == 2, "two columns on a phone, many wide: \(count)")
                        #expect(try await browser.script("return document.querySelector('#books img').naturalWidth") == .number(120), "Dune from the service")
                        #expect(try await browser.script("return document.querySelectorAll('#books img')[2].currentSrc.includes('/library/covers/3')") == .bool(true))
                        try await save(browser, "library-grid-\(suffix).png")

                        try await browser.click("#layout-List")
                        try await browser.waitUntil("document.querySelector('#books.books-list') !== null")
                        #expect(!(try await browser.currentURL()).contains("view=grid"))
                        try await browser.waitUntil(allLoaded)
                        #expect(try await browser.script("return document.querySelectorAll('#books img')[1].naturalWidth") == .number(40), "Emma's thumbnail")
                        try await save(browser, "library-list-covers-\(suffix).png")

                        try await browser.open(base.absoluteString + "/library/books/1")
                        try await browser.waitUntil("getComputedStyle(document.getElementById('book-header')).backgroundColor !== 'rgba(0, 0, 0, 0)' && document.getElementById('cover').complete")
                        let colors = try await covers.colors(of: try await library.book(id: 1))
                        func rgb(_ color: RGBColor) -> JSONValue { .string("rgb(\(color.red), \(color.green), \(color.blue))") }
                        #expect(try await browser.script("return getComputedStyle(document.getElementById('book-header')).backgroundColor") == rgb(colors.background))
                        #expect(try await browser.script("return getComputedStyle(document.getElementById('book-heading')).color") == rgb(colors.primary))
                        try await save(browser, "library-cover-detail-\(suffix).png")
                    }
                }
            }
        }
        withExtendedLifetime(directory) {}
    }

    // MARK: VessBrowser

    /// The empty history → a URL of the loopback test site typed in the address bar → read →
    /// follow a link → back → the host in the list → its pages → forget it.
    private func vessJourney(_ browser: WebDriverSession, base: String, site: String, suffix: String) async throws {
        try await browser.open(base + "/browser")
        #expect(try await browser.text("#empty").hasPrefix("No history yet."))
        #expect(try await browser.script("return document.querySelectorAll('#starting-points a').length") == .number(4))
        try await save(browser, "vess-empty-\(suffix).png")

        try await browser.type(site + "/page", into: "#address")
        try await browser.click("#go")
        try await browser.waitUntil("document.getElementById('page-title') !== null && document.getElementById('page-title').textContent === 'The page'")
        #expect(try await browser.text("#final-url") == site + "/page")
        #expect(try await browser.text("#facts").hasPrefix("200 · utf-8"))
        try await save(browser, "vess-read-\(suffix).png")
        #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "nothing is wider than the window")

        try await browser.click(#"#reader a[href$="%2Fother"]"#)
        try await browser.waitUntil("document.getElementById('page-title') !== null && document.getElementById('page-title').textContent === 'Other'")
        _ = try await browser.script("history.back(); return true")
        try await browser.waitUntil("document.getElementById('page-title') !== null && document.getElementById('page-title').textContent === 'The page'")
        // A fragment link of the page jumps within it.
        try await browser.click(##"#reader a[href="#r-end"]"##)
        try await browser.waitUntil("location.hash === '#r-end'")

        try await browser.open(base + "/browser")
        try await browser.waitUntil("document.getElementById('hosts') !== null")
        #expect(try await browser.text("#hosts .host-name") == "127.0.0.1")
        #expect(try await browser.text("#hosts .host-meta").hasPrefix("2 pages · last visit "))
        try await save(browser, "vess-hosts-\(suffix).png")
        #expect(try await browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == .bool(true), "nothing is wider than the window")
        try await browser.click("#hosts .host-link")
        try await browser.waitUntil("document.getElementById('pages') !== null")
        #expect(try await browser.script("return document.querySelectorAll('#pages .visited-page').length") == .number(2))
        #expect(try await browser.script("return [...document.querySelectorAll('#pages .page-title')].map(a => a.textContent).sort().join('|')") == .string("Other|The page"))
        try await browser.click("#forget-host")
        try await browser.waitUntil("document.getElementById('notice') !== null")
        #expect(try await browser.text("#notice") == "Forgotten.")
        #expect(try await browser.text("#empty").hasPrefix("No history yet."))
    }

    private func serveBrowser(_ body: @escaping @Sendable (String, String) async throws -> Void) async throws {
        try await withBrowserModule { module, site, _ in
            let router = try await buildRouter(configuration: WebConfiguration(), modules: [module])
            try await withLoopbackServer(router) { base in try await body(base.absoluteString, site.absoluteString) }
        }
    }

    @Test func vessBrowserJourneyWide() async throws {
        if browserMissing() { return }
        try await serveBrowser { base, site in
            try await WebDriverSession.with(width: 1280, height: 900) { browser in try await vessJourney(browser, base: base, site: site, suffix: "wide") }
        }
    }

    @Test func vessBrowserJourneyAtPhoneWidth() async throws {
        if browserMissing() { return }
        try await serveBrowser { base, site in
            try await WebDriverSession.with(width: 375, height: 812) { browser in
                try await vessJourney(browser, base: base, site: site, suffix: "phone")
            }
        }
    }

    @Test func vessBrowserWorksWithJavaScriptDisabled() async throws {
        if browserMissing() { return }
        try await serveBrowser { base, site in
            try await WebDriverSession.with(width: 1280, height: 900, javaScript: false) { browser in
                try await vessJourney(browser, base: base, site: site, suffix: "nojs")
                // A search form of the page, sent through the reader.
                try await browser.open(base + "/browser/read?url=" + (site + "/form").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
                try await browser.waitUntil("document.getElementById('page-title') !== null")
                try await browser.click(#"button[name="f.go"]"#)
                try await browser.waitUntil("document.getElementById('final-url') !== null && document.getElementById('final-url').textContent.includes('/echo?')")
                #expect(try await browser.text("#reader").contains("GET q=a+b&s=one&go=Search"))
            }
        }
    }
}
