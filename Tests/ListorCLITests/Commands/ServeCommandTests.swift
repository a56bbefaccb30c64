import Foundation
import Hummingbird
import ListorCLI
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import ListorLauncher
import ListorTestSupport
import ListorWeb
import Stella
import StellaSQL
import Testing

/// `listor serve`'s options, refused before anything starts.
@Suite struct ServeCommandTests {
    @Test func badOptionsAreRefusedBeforeAnythingStarts() async {
        let port = await listor("serve", "--port", "70000")
        #expect(port.exitCode == 64)
        #expect(port.errorOutput.hasPrefix("Error: --port: 70000 is not a port number (0–65535)"))
        let level = await listor("serve", "--log-level", "loud")
        #expect(level.exitCode == 64)
        #expect(level.errorOutput.contains("loud"))
        let interval = await listor("serve", "--modbus-interval", "0.01")
        #expect(interval.exitCode == 64)
        #expect(interval.errorOutput.hasPrefix("Error: --modbus-interval: 0.01 is outside 0.1 to 3600 seconds"))
        let device = await listor("serve", "--modbus-device", "meter:99999")
        #expect(device.exitCode == 64)
        #expect(device.errorOutput.hasPrefix(#"Error: --modbus-device: "meter:99999" is not HOST[:PORT] with a port from 1 to 65535"#))
        let serial = await listor("serve", "--modbus-device", "rtu:/dev/ttyUSB0?baud=9600&parity=mark")
        #expect(serial.exitCode == 64)
        #expect(serial.errorOutput.hasPrefix("Error: --modbus-device: rtu:/dev/ttyUSB0?baud=9600&parity=mark: parity=mark is not none, even or odd"))
        let path = await listor("serve", "--modbus-device", "/dev/ttyUSB0")
        #expect(path.errorOutput.hasPrefix(#"Error: --modbus-device: "/dev/ttyUSB0" is a path: a serial port is written rtu:/dev/ttyUSB0?baud=9600&parity=none"#))
        let exposed = await listor("serve", "--host", "0.0.0.0")
        #expect(exposed.exitCode == 64)
        #expect(exposed.errorOutput.hasPrefix("Error: --host: 0.0.0.0 is reachable from other machines; set --library-admin-token"))
        // A token guards a server only if it cannot be guessed.
        let short = await listor("serve", "--host", "0.0.0.0", "--library-admin-token", "x")
        #expect(short.exitCode == 64)
        #expect(short.errorOutput.hasPrefix("Error: --library-admin-token: is 1 character long; an admin token has at least 16"), "\(short.errorOutput)")
        let spaces = await listor("serve", "--modbus-admin-token", "                    ")
        #expect(spaces.errorOutput.hasPrefix("Error: --modbus-admin-token: has spaces or line breaks in it"), "\(spaces.errorOutput)")
        let prefix = await listor("serve", "--library-api-prefix", "library/")
        #expect(prefix.exitCode == 64)
        let origin = await listor("serve", "--stella-image-origin", "ftp://cdn.example")
        #expect(origin.exitCode == 64)
        #expect(origin.errorOutput.hasPrefix(#"Error: --stella-image-origin: "ftp://cdn.example" is not an http or https URL"#))
        let host = await listor("serve", "--public-host", "http://evil.example:8080")
        #expect(host.exitCode == 64)
        #expect(host.errorOutput.hasPrefix(#"Error: --public-host: "http://evil.example:8080" is not a host name"#))
        let timeout = await listor("serve", "--header-timeout", "0")
        #expect(timeout.exitCode == 64)
        #expect(timeout.errorOutput.hasPrefix("Error: --header-timeout: 0.0 is outside 0.1 to 3600 seconds"))
        let cache = await listor("serve", "--image-cache-size", "0")
        #expect(cache.exitCode == 64)
        #expect(cache.errorOutput.hasPrefix("Error: --image-cache-size: 0 is outside 1 to 100000 MB"))
        let search = await listor("serve", "--browser-search-url", "https://search.example/?q=")
        #expect(search.exitCode == 64)
        #expect(search.errorOutput.hasPrefix(#"Error: --browser-search-url: "https://search.example/?q=" must be an http or https URL with one %s"#))
        let reads = await listor("serve", "--browser-max-reads", "0")
        #expect(reads.exitCode == 64)
        #expect(reads.errorOutput.hasPrefix("Error: --browser-max-reads: 0 is outside 1 to 256"))
        let share = await listor("serve", "--browser-max-reads", "4", "--browser-max-reads-per-client", "5")
        #expect(share.errorOutput.hasPrefix("Error: --browser-max-reads-per-client: 5 is outside 1 to 4 (--browser-max-reads)"))
    }

    @Test func aMissingRegisterMapStopsTheServerFromStarting() async {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("listor-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        let result = await listor("serve", "--port", "0", "--data-dir", dataDirectory, "--modbus-map", "/no/such/map.json")
        #expect(result.exitCode == 64)
        // The first line names the version, as an operator's log should; then what went wrong.
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.first?.contains("Listor \(Launcher.version) starting") == true)
        #expect(lines.dropFirst().first?.hasPrefix("error: --modbus-map: cannot read /no/such/map.json") == true)
        #expect(result.output.isEmpty)
    }
}

/// `listor serve` showing Stella from another server's catalogue API.
@Suite struct ServeRemoteCatalogueTests {
    /// A second Listor's catalogue: the bundled products under other brands, its pictures counted.
    static let remote = Catalogue(products: Catalogue.bundled.products.map { product in
        var product = product
        product.brand = "Faraway " + product.brand
        return product
    })

    /// `serve --stella-catalogue FILE.csv`: the catalogue imported as the server starts (its bad
    /// rows logged), sold from the store, its pictures fetched from their addresses, and a
    /// picture that cannot be fetched shown as the failure picture, never a broken image.
    @Test func aShopifyCatalogueGivenToServeIsWhatItSells() async throws {
        let png = try TestImages.png(TestImages.cover(background: RGBColor(red: 200, green: 30, blue: 30), band: RGBColor(red: 20, green: 20, blue: 20)))
        let pictures = Router()
        pictures.get("/shirt.png") { _, _ in Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png))) }
        try await withLoopbackServer(pictures) { origin in
            let directory = try TemporaryDirectory()
            let csv = try directory.write("shop.csv", Data("""
                Handle,Title,Body (HTML),Vendor,Type,Tags,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src,Image Position
                linen-shirt,Linen shirt,"<p>Light <b onclick=""x()"">linen</b></p><script>alert(1)</script>",Stella,Shirts,summer,Size,S,LS-S,3,49.90,\(origin.absoluteString)/shirt.png,1
                linen-shirt,,,,,,,M,LS-M,0,49.90,\(origin.absoluteString)/gone.png,2
                linen-shirt,,,,,,,L,LS-L,1,"49,90",,

                """.utf8))
            // The pictures are on loopback, which only --allow-private lets the server fetch.
            try await withServe(["--stella-catalogue", csv, "--allow-private"]) { base, log in
                #expect(log().contains("Stella's catalogue: imported 1 product (2 variants, 1 new); the demo catalogue's \(CatalogueGenerator.codes.count) products removed from \(csv)"), "\(log())")
                #expect(log().contains("\(csv): line 4: Variant Price: \"49,90\" is not an amount such as 49.90"))
                try await withLiveHTTPTransport { transport in
                    func get(_ path: String) async throws -> HTTPTransport.Response {
                        try await transport.get(try #require(URL(string: path, relativeTo: base)), HTTPLimits())
                    }
                    let department = try await get("/stella/shirts")
                    #expect(String(decoding: department.body, as: UTF8.self).contains(#"href="/stella/products/linen-shirt""#))
                    let page = String(decoding: try await get("/stella/products/linen-shirt").body, as: UTF8.self)
                    #expect(page.contains("<p>Light <b>linen</b></p>&lt;script&gt;alert(1)&lt;/script&gt;"), "the description made safe")
                    #expect(page.contains(#"<span class="option-note" id="option1-2-note">(sold out)</span>"#))
                    let picture = try await get("/stella/images/linen-shirt/1")
                    #expect(picture.status == 200 && picture.value(of: "content-type") == "image/png" && Array(picture.body) == png)
                    let missing = try await get("/stella/images/linen-shirt/2")
                    #expect(missing.status == 502 && missing.value(of: "content-type") == "image/svg+xml" && Array(missing.body) == ImageContent.failureSVG)
                    // A real catalogue replaces the generated one.
                    #expect(try await get("/stella/ready-to-wear").status == 404)
                }
            }
        }
    }

    /// Every request the server makes to an address that came from outside goes through the
    /// address guard, redirects too: a catalogue's loopback pictures are refused as it is
    /// imported, and the operator's own cover service and picture origin, reached as named,
    /// cannot redirect the server to another address on this machine.
    @Test func theServerReachesNoAddressOnThisMachineItWasNotGiven() async throws {
        let secret = OriginControl { _ in true }
        let secrets = Router(context: WebRequestContext.self)
        secrets.middlewares.add(secret)
        secrets.get("/**") { _, _ in Response(status: .ok, headers: [.contentType: "image/svg+xml"], body: .init(byteBuffer: ByteBuffer(string: "<svg><script>alert(1)</script></svg>"))) }
        try await withLoopbackServer(secrets) { secretOrigin in
            let redirects = OriginControl { _ in true }
            let redirecting = Router(context: WebRequestContext.self)
            redirecting.middlewares.add(redirects)
            redirecting.get("/**") { _, _ in Response(status: .found, headers: [.location: secretOrigin.absoluteString + "/latest/meta-data/x.svg"]) }
            try await withLoopbackServer(redirecting) { origin in
                let directory = try TemporaryDirectory()
                let port = try #require(secretOrigin.port)
                let csv = try directory.write("shop.csv", Data("""
                    Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src
                    wool-hat,Wool hat,Size,S,WH-S,19.90,https://cdn.example/hat.png
                    wool-hat,,,M,WH-M,19.90,http://0x7f000001:\(port)/x.svg
                    wool-hat,,,L,WH-L,19.90,http://[::ffff:127.0.0.1]:\(port)/y.svg

                    """.utf8))
                try await withServe(["--stella-catalogue", csv, "--stella-image-origin", origin.absoluteString,
                                     "--library-cover-url", origin.absoluteString + "/covers/{isbn}.jpg"]) { base, log in
                    #expect(log().contains("\(csv): line 3: Image Src: \"http://0x7f000001:\(port)/x.svg\" is refused: the address 127.0.0.1 is not reachable from this server: it is loopback"), "\(log())")
                    #expect(log().contains("\(csv): line 4: Image Src: \"http://[::ffff:127.0.0.1]:\(port)/y.svg\" is refused: the address ::ffff:127.0.0.1 is not reachable"))
                    try await withLiveHTTPTransport { transport in
                        let picture = try await transport.get(try #require(URL(string: "/stella/images/wool-hat/1", relativeTo: base)), HTTPLimits())
                        #expect(picture.status == 502 && Array(picture.body) == ImageContent.failureSVG)
                        let cover = try await transport.get(try #require(URL(string: "/library/covers/1", relativeTo: base)), HTTPLimits())
                        #expect(cover.status == 502, "the cover service's failure")
                    }
                    #expect(redirects.total == 2, "the picture origin and the cover service were asked, as the operator named them")
                    #expect(secret.total == 0, "nothing followed their redirects to this machine")
                }
            }
        }
    }

    /// An order's key opens the order: it is never written to the log, and no cache keeps
    /// what it opens.
    @Test func anOrdersKeyStaysOutOfTheLog() async throws {
        try await withServe([]) { base, log in
            let key = try await withLiveHTTPTransport { transport in
                let sku = try #require(CatalogueGenerator.products().lazy.flatMap(\.variants).first { $0.stock > 0 }?.sku)
                let body = Data(#"{"items": [{"sku": "\#(sku)"}], "name": "Ann Lee", "email": "ann@example.org", "address": "1 High St\nBath"}"#.utf8)
                let placed = try await transport.send(HTTPRequestMessage(method: "POST", url: try #require(URL(string: "/stella/api/orders", relativeTo: base)),
                                                                         headers: ["Content-Type": "application/json", "Origin": base.absoluteString], body: body), HTTPLimits())
                #expect(placed.status == 201, "\(String(decoding: placed.body, as: UTF8.self))")
                let key = try #require(String(decoding: placed.body, as: UTF8.self).firstMatch(of: /"key":"([0-9a-f]{32})"/).map { String($0.1) })
                let api = try await transport.get(try #require(URL(string: "/stella/api/orders/\(key)", relativeTo: base)), HTTPLimits())
                #expect(api.status == 200 && api.value(of: "cache-control") == "no-store")
                let page = try await transport.get(try #require(URL(string: "/stella/orders/\(key)", relativeTo: base)), HTTPLimits())
                #expect(page.status == 200 && page.value(of: "cache-control") == "no-store")
                return key
            }
            #expect(log().contains("GET /stella/api/orders/{key} 200") && log().contains("GET /stella/orders/{key} 200"), "\(log())")
            #expect(!log().contains(key), "no key in the log")
        }
    }

    @Test func thePagesShowTheOtherServersProductsAndPictures() async throws {
        let pictures = OriginControl { $0.hasPrefix("/stella/images/") }
        let catalogue = CatalogueClient.bundled(Self.remote)
        let module = bundledStellaModule(catalogue: catalogue)
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [module])
        try await withLoopbackServer(pictures.guarding(router)) { other in
            try await withServe(["--stella-catalogue", other.absoluteString + "/stella/api"]) { base, _ in
                try await withLiveHTTPTransport { transport in
                    let expected = try Self.remote.page(department: "beauty", CatalogueQuery())
                    let grid = try await transport.get(try #require(URL(string: "/stella/beauty", relativeTo: base)), HTTPLimits())
                    #expect(grid.status == 200)
                    let html = String(decoding: grid.body, as: UTF8.self)
                    #expect(html.contains(#"<span class="brand">\#(expected.products[0].brand)</span>"#))
                    #expect(html.components(separatedBy: #"<span class="brand">Faraway "#).count - 1 == expected.products.count)

                    let product = expected.products[0]
                    let detail = try await transport.get(try #require(URL(string: "/stella/products/\(product.code)", relativeTo: base)), HTTPLimits())
                    #expect(String(decoding: detail.body, as: UTF8.self).contains("Faraway "))

                    let path = "/stella/images/\(product.code)/1"
                    let picture = try await transport.get(try #require(URL(string: path, relativeTo: base)), HTTPLimits())
                    #expect(picture.status == 200)
                    #expect(String(decoding: picture.body, as: UTF8.self) == ProductArtwork.svg(product, index: 1))
                    #expect(pictures.count(path) == 1, "the picture came from the other server")
                }
            }
        }
    }

    /// A server showing another's catalogue sells through that store's order API: the stock is
    /// taken there, and the order's page is that store's order.
    @Test func aShopperOrdersThroughTheOtherServersStore() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        let product = try #require(Catalogue.bundled.products.first { $0.options.count == 2 && ($0.variants.first?.stock ?? 0) >= 2 })
        let variant = product.variants[0]
        try await store.save([product])
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule(catalogue: StoreCatalogue(store: store, maximumAge: .zero).client, store: store)])
        try await withLoopbackServer(router) { other in
            try await withServe(["--stella-catalogue", other.absoluteString + "/stella/api"]) { base, _ in
                try await withLiveHTTPTransport(followsRedirects: false) { transport in
                    var cookies: [String: String] = [:]
                    func send(_ path: String, form: [(String, String)]? = nil) async throws -> HTTPTransport.Response {
                        var headers = ["Cookie": cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
                        var body: Data?
                        if let form {
                            headers["Content-Type"] = "application/x-www-form-urlencoded"
                            body = Data(form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&").utf8)
                        }
                        let url = try #require(URL(string: path, relativeTo: base))
                        let response = try await transport.send(HTTPRequestMessage(method: form == nil ? "GET" : "POST", url: url, headers: headers, body: body), HTTPLimits())
                        for field in response.fields where field.name == "set-cookie" {
                            let pair = field.value.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
                            cookies[pair[0]] = pair.count > 1 ? pair[1] : ""
                        }
                        return response
                    }
                    let page = String(decoding: try await send("/stella/products/\(product.code)").body, as: UTF8.self)
                    let csrf = try #require(page.firstMatch(of: /name="csrf" value="([0-9a-f.]+)"/).map { String($0.1) })
                    let added = try await send("/stella/bag", form: [("csrf", csrf), ("code", product.code), ("option1", variant.values[0]), ("option2", variant.values[1]),
                                                                     ("quantity", "2")])
                    #expect(added.status == 303)
                    let placed = try await send("/stella/checkout", form: [("csrf", csrf), ("name", "Ann Lee"), ("email", "ann@example.org"), ("address", "1 High St")])
                    #expect(placed.status == 303)
                    let location = try #require(placed.value(of: "location"))
                    let orders = try await store.orders(limit: 10, offset: 0)
                    #expect(orders.count == 1 && location.hasPrefix("/stella/orders/\(orders[0].key)"), "the order is the other store's")
                    #expect(try await store.products()[0].variants[0].stock == variant.stock - 2)
                    let shown = String(decoding: try await send(location).body, as: UTF8.self)
                    #expect(shown.contains("Order \(orders[0].number)") && shown.contains("2 × \(product.name) — \(variant.values.joined(separator: " / "))"))
                }
            }
        }
    }

    @Test func aProductTheCatalogueSendsBadlyIsLeftOutAndLogged() async throws {
        // Given a catalogue API whose page has a good product and one without a name
        let (good, bad) = (Catalogue.bundled.products[0], Catalogue.bundled.products[1])
        guard case .object(var broken) = StellaJSON.value(bad) else { Issue.record("not an object"); return }
        broken.members.removeAll { $0.key == "name" }
        let page = JSONValue.members([("products", .array([StellaJSON.value(good), .object(broken)])), ("total", .number(2)), ("page", .number(1)), ("per_page", .number(24))])
        let router = Router()
        router.get("/stella/api/departments") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: .init(byteBuffer: ByteBuffer(string: JSONValue.array(Catalogue.bundled.departments.map(StellaJSON.value)).serialized(pretty: false))))
        }
        router.get("/stella/api/departments/:id/products") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: page.serialized(pretty: false))))
        }
        try await withLoopbackServer(router) { other in
            try await withServe(["--stella-catalogue", other.absoluteString + "/stella/api"]) { base, log in
                try await withLiveHTTPTransport { transport in
                    // When its department is shown
                    let grid = try await transport.get(try #require(URL(string: "/stella/\(good.department.id)", relativeTo: base)), HTTPLimits())
                    // Then the good product is on the page, the bad one is not, and the log says which and why
                    #expect(grid.status == 200)
                    let html = String(decoding: grid.body, as: UTF8.self)
                    #expect(html.contains(#"href="/stella/products/\#(good.code)""#))
                    #expect(!html.contains(bad.code))
                    let warning = "[ListorWeb] /stella/\(good.department.id): 1 product of the catalogue could not be read: item 1 (\(bad.code)): name: missing"
                    #expect(log().split(separator: "\n").contains { $0.contains(" warning listor:") && $0.hasSuffix(warning) }, "\(log())")
                }
            }
        }
    }
}

/// `listor serve`'s reader as the composition root builds it: guarded by default, reaching the
/// loopback test site only with `--allow-private`, and recording what it reads.
@Suite struct ServeBrowserTests {
    func read(_ page: URL, from base: URL) async throws -> (status: Int, text: String) {
        let encoded = page.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await withLiveHTTPTransport { transport in
            let response = try await transport.get(try #require(URL(string: "/browser/read?url=" + encoded, relativeTo: base)), HTTPLimits())
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
    }

    @Test func theReaderRefusesLoopbackUnlessAllowed() async throws {
        try await withLoopbackServer(BrowserTestSite.router()) { site in
            let page = site.appendingPathComponent("page")
            try await withServe([]) { base, log in
                let refused = try await read(page, from: base)
                #expect(refused.status == 400)
                #expect(refused.text.contains("the address 127.0.0.1 is not reachable from this server: it is loopback"))
                #expect(!log().contains("--allow-private"))
            }
            try await withServe(["--allow-private"]) { base, log in
                let read = try await read(page, from: base)
                #expect(read.status == 200)
                #expect(read.text.contains(#"<h1 id="page-title">The page</h1>"#))
                #expect(log().contains("warning") && log().contains("--allow-private"))
                let hosts = try await withLiveHTTPTransport { transport in
                    try await transport.get(try #require(URL(string: "/browser/api/hosts", relativeTo: base)), HTTPLimits())
                }
                #expect(String(decoding: hosts.body, as: UTF8.self).contains(#""address":"127.0.0.1""#))
            }
        }
    }
}
