import Foundation
import Library
import LibrarySQL
import ListorKit
import Modbus
import NIOHTTP1
import Tagged
import ListorTestSupport
import ListorWeb
import Stella
import StellaSQL
import Testing
import Transistors

/// Every kind of page of every app, in headless Chromium at a desktop's width and a phone's:
/// none is wider than the window (no sideways scrolling), and each meets WCAG 2.2 AA as
/// axe-core, the engine of Lighthouse and of Deque's tools, checks it.
@Suite(.serialized) struct EveryPageTests {
    /// The standards axe-core checks: WCAG 2.0, 2.1 and 2.2, levels A and AA.
    static let standards = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

    /// Every app's modules on one server, as `listor serve` builds them, with a library that
    /// has a book out, a book whose title is in capitals, and a page read by the reader.
    private func serveEverything(_ body: @escaping @Sendable (_ base: String, _ site: URL, _ book: Book) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"))
        let library = LocalLibrary(store: store)
        let capitals = try await library.add(BookForm(title: "THE MAN WHO MISTOOK HIS WIFE FOR A HAT", author: "OLIVER SACKS"))
        let book = try await library.checkOut(id: capitals.id, borrower: "Ann", ifVersion: nil)
        var list = TransistorListViewModel()
        await list.load(from: TransistorCatalogProviders.bundled())
        let transistors = list
        let shop = try SQLStellaStore(path: directory.path("stella.sqlite"))
        try await shop.save([Product(code: "linen-shirt", name: "Linen shirt", options: [ProductOption(name: "Size", values: ["S", "M"])],
                                     variants: [ProductVariant(sku: "LS-S", values: ["S"], price: Money(minorUnits: 4990), stock: 10),
                                                ProductVariant(sku: "LS-M", values: ["M"], price: Money(minorUnits: 4990), stock: 0)])])
        _ = try await shop.place(OrderRequest(items: [.init(sku: "LS-S", quantity: 2)], name: "Ann Lee", email: "ann@example.org", address: "1 High Street\nBath"),
                                 at: Date())
        let meter = try await SimulatedMeter()
        await meter.monitor.refresh()
        try await withBrowserModule { browser, site, _ in
            let router = try await buildRouter(configuration: WebConfiguration(), modules: [
                TransistorsWebModule(viewModel: transistors),
                ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor, trends: nil)], timeZone: TimeZone(identifier: "UTC")!),
                LibraryWebModule(library: library, covers: BookCovers(library: library)),
                bundledStellaModule(store: shop, owner: shop, adminToken: Self.ownerToken),
                browser,
            ])
            try await withLoopbackServer(router) { base in try await body(base.absoluteString, site, book) }
        }
        withExtendedLifetime(directory) {}
    }

    static let ownerToken = "owner-token-0123456789abcdef"

    /// One of each kind of page, by name.
    private func pages(site: URL, book: Book) -> [(name: String, path: String)] {
        let id = book.id.rawValue
        let product = Catalogue.bundled.products.first { $0.discountPercent != nil }?.code ?? "unknown"
        return [
            ("home", "/"),
            ("transistor list", "/transistors?search=mosfet"),
            ("transistor detail", "/transistors/2N3904"),
            ("transistor comparison", "/transistors/compare?parts=2N3904&parts=BC547&parts=2N2222A&parts=BC337"),
            ("Modbus plant", "/modbus"),
            ("Modbus sheet", "/modbus/devices/meter"),
            ("Modbus variable", "/modbus/devices/meter/variables/1"),
            ("book list", "/library"),
            ("book detail", "/library/books/\(id)"),
            ("new book", "/library/books/new"),
            ("book edit", "/library/books/\(id)/edit"),
            ("book delete", "/library/books/\(id)/delete"),
            ("borrower", "/library/borrowers/Ann"),
            ("reader home", "/browser"),
            ("reader page", "/browser/read?url=" + (site.absoluteString + "/sphinx").queryEncoded),
            ("reader host", "/browser/hosts/127.0.0.1"),
            ("departments", "/stella"),
            ("products", "/stella/ready-to-wear?size=M"),
            ("product", "/stella/products/\(product)"),
            ("owner's orders", "/stella/admin/orders"),
            ("owner's order", "/stella/admin/orders/S-000001"),
            ("stock", "/stella/admin/stock"),
            ("stock adjustments", "/stella/admin/stock/history"),
            ("owner's products", "/stella/admin/products"),
            ("catalogue import", "/stella/admin/import"),
            ("owner's sign-in", "/stella/admin/sign-in"),
            ("not found", "/library/books/9999"),
        ]
    }

    /// The elements that reach past the window's right edge, outermost first, as selectors.
    static let overflowing = """
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 0.5);
        return { scrollWidth: document.documentElement.scrollWidth, width,
                 elements: wide.filter(e => !wide.includes(e.parentElement)).slice(0, 5)
                     .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '')) };
        """

    @Test(arguments: [(1280, 900), (375, 812)])
    func everyPageFitsTheWindowAndMeetsWCAG22AA(width: Int, height: Int) async throws {
        if let reason = ExternalComponent.missing([WebDriverSession.chromium, WebDriverSession.chromedriver], for: "the accessibility test") {
            ExternalComponent.unavailable(reason)
            return
        }
        let axe: String
        switch await TestPython.file("axe.min.js", of: "axe-playwright-python") {
        case .success(let url): axe = try String(contentsOf: url, encoding: .utf8)
        case .failure(let missing):
            ExternalComponent.unavailable("the accessibility test needs axe-core: \(missing)")
            return
        }
        try await serveEverything { base, site, book in
            try await WebDriverSession.with(width: width, height: height) { browser in
                // axe takes longer than the 500 ms the other tests' scripts are given.
                try await browser.send(.POST, "/timeouts", .object(JSONObject(members: [.init(key: "script", value: .number(60_000))])))
                // The owner signs in, for the back office's pages.
                try await browser.open(base + "/stella/admin/sign-in")
                try await browser.type(Self.ownerToken, into: "#admin_token")
                try await browser.press("#sign-in")
                try await browser.waitUntil("location.pathname === '/stella/admin'  || location.pathname === '/stella/admin/orders'")
                for (name, path) in pages(site: site, book: book) {
                    try await browser.open(base + path)
                    let fit = try await browser.script(Self.overflowing)
                    #expect(fit["scrollWidth"] == fit["width"], "\(name) (\(path)) at \(width) px is wider than the window: \(fit.serialized(pretty: false))")
                    let violations = try await browser.send(.POST, "/execute/async", .object(JSONObject(members: [
                        .init(key: "script", value: .string(axe + """
                            ;const done = arguments[arguments.length - 1];
                            axe.run(document, { runOnly: { type: 'tag', values: \(Self.standards) }, resultTypes: ['violations'] })
                                .then(r => done(r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at '
                                    + v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' [' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 160) + ']').join('; '))))
                                .catch(e => done(['axe failed: ' + e]));
                            """)),
                        .init(key: "args", value: .array([])),
                    ])))
                    #expect(violations == .array([]), "\(name) (\(path)) at \(width) px: \(violations.serialized(pretty: true))")
                }
                // Two parts side by side are both in view on a phone, not one and a half.
                try await browser.open(base + "/transistors/compare?parts=2N3904&parts=BC547")
                #expect(try await browser.script("return document.querySelector('table.comparison').getBoundingClientRect().right <= document.documentElement.clientWidth + 0.5")
                        == .bool(true), "two parts compared at \(width) px")
            }
        }
    }

    /// A placeholder cover's text stays inside its cover, as Chromium lays it out, whatever the
    /// title's letters.
    @Test func placeholderCoverTextStaysOnTheCover() async throws {
        if let reason = ExternalComponent.missing([WebDriverSession.chromium, WebDriverSession.chromedriver], for: "the cover test") {
            ExternalComponent.unavailable(reason)
            return
        }
        try await serveEverything { base, _, book in
            try await WebDriverSession.with(width: 1280, height: 900) { browser in
                try await browser.open(base + CoverRendition.medium.path(of: book))
                let boxes = try await browser.script("""
                    return [...document.querySelectorAll('text')].map(t => { const b = t.getBBox(); return [t.textContent, b.x, b.x + b.width]; });
                    """)
                guard case .array(let lines) = boxes, !lines.isEmpty else {
                    Issue.record("no text on the cover: \(boxes.serialized(pretty: false))")
                    return
                }
                for line in lines {
                    guard case .array(let box) = line, box.count == 3, case .number(let left) = box[1], case .number(let right) = box[2] else { continue }
                    #expect(left >= 0 && right <= 200, "\(box[0].serialized(pretty: false)) runs from \(left) to \(right) on a cover 200 wide")
                }
            }
        }
    }
}
