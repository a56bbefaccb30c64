import Foundation
import ListorTestSupport
import ListorWeb
import Stella
import StellaSQL
import Testing

@Suite struct StellaCommandTests {
    @Test func departmentsProductsAndAProduct() async throws {
        #expect(await listor("stella", "departments").output == "ready-to-wear Ready-to-wear\naccessories   Accessories\nbeauty        Beauty\nlingerie      Lingerie\n")
        let expected = try Catalogue.bundled.page(department: "beauty", CatalogueQuery(page: 2, perPage: 5, sort: .priceDescending))
        let products = await listor("stella", "products", "beauty", "--sort", "price-desc", "--page", "2", "--per-page", "5")
        #expect(products.exitCode == 0)
        let codes = products.output.split(separator: "\n").dropFirst().prefix(5).map { String($0.prefix(8)) }
        #expect(codes == expected.products.map(\.code))
        #expect(products.output.hasSuffix("Page 2 of \(expected.pageCount), \(expected.total) products\n"))

        let sale = try #require(Catalogue.bundled.products.filter { $0.discountPercent != nil }.first)
        let show = await listor("stella", "show", sale.code)
        #expect(show.output.contains("\(sale.price.formatted), was \(sale.fullPrice.formatted) (\(sale.discountPercent ?? 0)% off)\n"))

        let unknown = await listor("stella", "products", "shoes")
        #expect(unknown.exitCode == 1)
        #expect(unknown.errorOutput.hasPrefix("error: there is no department \"shoes\""))
        let bad = await listor("stella", "products", "beauty", "--min-price", "x")
        #expect(bad.exitCode == 64)
        #expect(bad.errorOutput.contains("--min-price: \"x\" is not a price"))
    }

    /// Shopify's own export as a small shop has it, saved by a spreadsheet in UTF-16 with
    /// semicolons: no SKUs, stock not tracked, a draft. All of it imports; the draft is not sold.
    @Test func aSmallShopsShopifyExportImportsAsShopifyShowsIt() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        let text = """
            Handle;Title;Body (HTML);Vendor;Type;Tags;Published;Option1 Name;Option1 Value;Variant SKU;Variant Grams;Variant Inventory Tracker;\
            Variant Inventory Qty;Variant Inventory Policy;Variant Price;Image Src;Gift Card;SEO Title;Variant Weight Unit;Status
            sea-shirt;Sea Shirt;A shirt.;demo;;men;true;Title;Default Title;;0;;1;deny;50;https://cdn.example.org/sea.jpg;false;;kg;active
            rugby-top;Rugby Top;A top.;demo;;women;true;Size;Small;;0;;1;deny;60;;false;;kg;active
            rugby-top;;;;;;;;Extra Large;;0;;1;deny;60;;;;kg;
            wool-cap;Wool Cap;A cap.;demo;;men;true;Title;Default Title;CAP-1;0;shopify;3;continue;20;;false;;kg;draft

            """
        let csv = try directory.write("export.csv", Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let imported = await listor(["stella", "import", csv] + data)
        #expect(imported.exitCode == 0, "\(imported.errorOutput)")
        let demo = CatalogueGenerator.codes.count
        #expect(imported.output == "imported 3 products (4 variants, 3 new), 1 not on sale (draft, archived or unpublished); the demo catalogue's \(demo) products removed from \(csv)\n")
        let listed = await listor(["stella", "products"] + data, columns: 100)
        #expect(listed.output.hasSuffix("Page 1 of 1, 2 products\n"), "the demo is gone, the draft not sold: \(listed.output)")
        let shown = await listor(["stella", "show", "rugby-top"] + data, columns: 100)
        #expect(shown.output.contains(/rugby-top\/small +Small +€60.00 +not tracked\n/) && shown.output.contains("rugby-top/extra-large"), "\(shown.output)")
        #expect(await listor(["stella", "show", "wool-cap"] + data).exitCode == 1, "a draft is not shown to shoppers")
        // The next file leaves the shirt out: the owner sees first what would become of it, then archives it.
        let next = try directory.write("next.csv", Data("Handle,Title,Variant Price\nrugby-top,Rugby Top,65\n".utf8))
        let preview = await listor(["stella", "import", next, "--missing", "archive", "--dry-run"] + data)
        #expect(preview.output == "would import 1 product (1 variant, 0 new); 2 products not in the file to be archived from \(next)\n", "\(preview.errorOutput)")
        #expect(await listor(["stella", "show", "sea-shirt"] + data).exitCode == 0, "a dry run changes nothing")
        let archived = await listor(["stella", "import", next, "--missing", "archive"] + data)
        #expect(archived.output == "imported 1 product (1 variant, 0 new); 2 products not in the file archived from \(next)\n")
        #expect(await listor(["stella", "show", "sea-shirt"] + data).exitCode == 1)
        let wrong = await listor(["stella", "import", next, "--missing", "delete"] + data)
        #expect(wrong.exitCode == 64 && wrong.errorOutput.contains("--missing"))
    }

    /// A file none of whose rows can be read imports nothing and takes nothing away: the demo
    /// catalogue stays, and what the store has is neither archived nor drafted.
    @Test func aFileOfRefusedRowsLeavesTheStoreAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        let csv = try directory.write("bad.csv", Data("Handle,Title,Variant Price,Image Src\nshirt,Shirt,49.90,/not/an/address.jpg\n".utf8))
        let report = await listor(["stella", "import", csv, "--missing", "archive"] + data)
        #expect(report.exitCode == 1 && report.output == "imported 0 products (0 variants, 0 new) from \(csv)\n", "\(report.output)")
        let products = await listor(["stella", "products", "--per-page", "1"] + data, columns: 120)
        #expect(products.output.hasSuffix("\(CatalogueGenerator.codes.count) products\n"), "\(products.output)")
    }

    @Test func aShopifyCatalogueIsImportedAndOrdersListed() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        let csv = try directory.write("shop.csv", Data("""
            Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src
            linen-shirt,Linen shirt,<p>Light</p>,Stella,Shirts,Size,S,LS-S,3,49.90,https://cdn.example.org/1.jpg
            linen-shirt,,,,,,M,LS-M,1,49.90,
            linen-shirt,,,,,,L,LS-L,1,"49,90",

            """.utf8))
        let imported = await listor(["stella", "import", csv] + data)
        #expect(imported.exitCode == 1, "a row was refused")
        #expect(imported.output == "imported 1 product (2 variants, 1 new); the demo catalogue's \(CatalogueGenerator.codes.count) products removed from \(csv)\n")
        #expect(imported.errorOutput == "\(csv): line 4: Variant Price: \"49,90\" is not an amount such as 49.90\n")
        #expect(await listor(["stella", "orders"] + data).output == "no orders yet\n")
        let found = await listor(["stella", "products", "--search", "ls-m"] + data, columns: 100)
        #expect(found.output.hasPrefix("CODE") && found.output.contains("linen-shirt") && found.output.hasSuffix("Page 1 of 1, 1 products\n"), "\(found.output)")
        let shown = await listor(["stella", "show", "linen-shirt"] + data, columns: 100)
        #expect(shown.output.contains("Size: S, M\n"))
        #expect(shown.output.contains(/LS-S +S +€49.90 +3\n/) && shown.output.contains(/LS-M +M +€49.90 +1\n/), "\(shown.output)")
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        _ = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "LS-S", quantity: 2)], name: "Ann Lee", email: "ann@example.org", address: "1 High St"),
                                  at: Date())
        let orders = await listor(["stella", "orders"] + data, columns: 120)
        #expect(orders.output.hasPrefix("ORDER     PLACED"), "\(orders.output)")
        #expect(orders.output.contains("S-000001") && orders.output.contains("Ann Lee") && orders.output.contains("2 × LS-S") && orders.output.contains("€99.80"))

        // The same file again, as a restart of `serve --stella-catalogue` imports it: the stock
        // the order took stays taken.
        _ = await listor(["stella", "import", csv] + data)
        #expect(await listor(["stella", "show", "linen-shirt"] + data, columns: 100).output.contains(/LS-S +S +€49.90 +1\n/))
        // The owner sees where an order goes, sends one and cancels the other: its stock comes back once.
        _ = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "LS-M", quantity: 1)], name: "Bo Ek", email: "bo@example.org",
                                               address: "2 Low Rd\nYork"), at: Date())
        let listed = await listor(["stella", "orders"] + data, columns: 160)
        #expect(listed.output.contains("ann@example.org") && listed.output.contains("2 Low Rd, York") && listed.output.contains("open"), "\(listed.output)")
        let shownOrder = await listor(["stella", "order", "s-000002"] + data)
        #expect(shownOrder.output.contains("Order S-000002, open\n") && shownOrder.output.contains("Ship to:\n  2 Low Rd\n  York\n"), "\(shownOrder.output)")
        #expect(await listor(["stella", "fulfil", "S-000002", "--tracking", "DHL 123"] + data).output == "fulfilled S-000002 (DHL 123)\n")
        #expect(await listor(["stella", "cancel", "S-000001"] + data).output == "cancelled S-000001; its stock is back: 2 × LS-S\n")
        let again = await listor(["stella", "cancel", "S-000001"] + data)
        #expect(again.exitCode == 1 && again.errorOutput == "error: order S-000001 is cancelled already; nothing was changed\n")
        #expect(await listor(["stella", "show", "linen-shirt"] + data, columns: 100).output.contains(/LS-S +S +€49.90 +3\n/))
        #expect(await listor(["stella", "order", "S-000002"] + data).output.contains(/\d Fulfilled: DHL 123 \(by (.* \()?command line\)?\)\n/))
        let cancelled = await listor(["stella", "orders", "--state", "cancelled"] + data, columns: 160)
        #expect(cancelled.output.contains("S-000001") && !cancelled.output.contains("S-000002"))
        #expect(await listor(["stella", "orders", "--search", "BO@"] + data, columns: 160).output.contains("S-000002"))
        // A delivery counted in: kept with who and what it found.
        #expect(await listor(["stella", "stock", "LS-M", "6"] + data).output == "LS-M: 0 → 6\n")
        let low = await listor(["stella", "stock", "--show", "low"] + data, columns: 120)
        #expect(low.output.contains(/LS-S +Linen shirt +S +on sale +3\n/) && !low.output.contains("LS-M"), "\(low.output)")
        #expect(await listor(["stella", "stock", "--history"] + data, columns: 120).output.contains(/LS-M +0 +6 +/))
        // A stocktake in Shopify's inventory CSV: exported, counted, brought back; a wrong row changes nothing.
        let inventory = await listor(["stella", "export", "--inventory"] + data).output
        #expect(inventory.hasPrefix("Handle,Title,Option1 Name,Option1 Value,") && inventory.contains("linen-shirt,Linen shirt,Size,M,,,,,LS-M,6,\r\n"), "\(inventory)")
        let wrong = try directory.write("wrong.csv", Data(inventory.replacingOccurrences(of: "LS-M,6,\r\n", with: "LS-M,6,9\r\n")
            .replacingOccurrences(of: "LS-S,3,\r\n", with: "LS-S,3,many\r\n").utf8))
        let refused = await listor(["stella", "stock", "--from", wrong] + data)
        #expect(refused.exitCode == 1 && refused.errorOutput.contains("nothing was changed") && refused.errorOutput.contains("line 2: On hand (new): \"many\" is not a whole number"),
                "\(refused.errorOutput)")
        let counted = try directory.write("counted.csv", Data(inventory.replacingOccurrences(of: "LS-M,6,\r\n", with: "LS-M,6,9\r\n").utf8))
        #expect(await listor(["stella", "stock", "--from", counted] + data).output == "LS-M: 6 → 9\n1 variant counted, 1 changed, from \(counted)\n")
        #expect(await listor(["stella", "export"] + data).output.hasPrefix("Handle,Title,Body (HTML),"))
        let unknown = await listor(["stella", "stock", "NOPE", "1"] + data)
        #expect(unknown.exitCode == 1 && unknown.errorOutput == "error: the store has no variant of SKU NOPE\n")
        let bad = await listor(["stella", "stock", "LS-M", "six"] + data)
        #expect(bad.exitCode == 64 && bad.errorOutput.contains("\"six\" is not a whole number"))
        // A SKU stays with its product; the spreadsheet's UTF-16 export is read.
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(contentsOf: """
            Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\r
            silk-scarf,Silk scarf ✿,Colour,Red,SC-R,19.00\r
            silk-scarf,,,Blue,LS-M,19.00\r

            """.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let moved = await listor(["stella", "import", try directory.write("scarf.csv", utf16)] + data)
        #expect(moved.output == "imported 1 product (1 variant, 1 new); 1 product not in the file left as it was from \(directory.path("scarf.csv"))\n", "\(moved.errorOutput)")
        #expect(moved.errorOutput == "\(directory.path("scarf.csv")): line 3: Variant SKU: \"LS-M\" is the SKU of product \"linen-shirt\" in the store; a SKU stays with its product (give this variant another)\n")
        #expect(await listor(["stella", "show", "silk-scarf"] + data, columns: 100).output.contains("Silk scarf ✿"))
        // A file that is not text says where, and is no usage error.
        let latin1 = await listor(["stella", "import", try directory.write("latin1.csv", Data("Handle,Title\nberet,B".utf8) + Data([0xE9]) + Data("ret\n".utf8))] + data)
        #expect(latin1.exitCode == 1)
        #expect(latin1.errorOutput == "error: \(directory.path("latin1.csv")): it is not UTF-8 text: line 2, byte 8 (0xE9) is not UTF-8; save it as UTF-8 (or UTF-16 with its byte-order mark)\n")
        // A product archived is off sale and kept; restored, on sale again; deleted, gone, its orders kept.
        #expect(await listor(["stella", "product", "archive", "linen-shirt"] + data).output == "archived linen-shirt (Linen shirt)\n")
        #expect(await listor(["stella", "show", "linen-shirt"] + data).exitCode == 1)
        #expect(await listor(["stella", "stock"] + data, columns: 120).output.contains(/LS-S +Linen shirt +S +archived +3\n/))
        #expect(await listor(["stella", "product", "restore", "linen-shirt"] + data).output == "restored linen-shirt (Linen shirt)\n")
        #expect(await listor(["stella", "show", "linen-shirt"] + data).exitCode == 0)
        #expect(await listor(["stella", "product", "delete", "linen-shirt"] + data).output == "deleted linen-shirt (Linen shirt)\n")
        #expect(await listor(["stella", "order", "S-000001"] + data).output.contains("2 × Linen shirt — S (LS-S)"), "the order keeps its lines")
        let gone = await listor(["stella", "product", "delete", "linen-shirt"] + data)
        #expect(gone.exitCode == 1 && gone.errorOutput == "error: there is no product \"linen-shirt\"\n")
        _ = await listor(["stella", "product", "delete", "silk-scarf"] + data)
        let empty = await listor(["stella", "products"] + data)
        #expect(!empty.output.contains("st1"), "a store whose products were all deleted does not get the demo back: \(empty.output)")
    }

    @Test func theSameFromTheCatalogueAPI() async throws {
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])
        try await withLoopbackServer(router) { base in
            let server = ["--server", base.absoluteString + "/stella/api"]
            let local = await listor(["stella", "products", "lingerie", "--sort", "newest"])
            let remote = await listor(["stella", "products", "lingerie", "--sort", "newest"] + server)
            #expect(remote.exitCode == 0)
            #expect(remote.output == local.output)
            let code = try #require(Catalogue.bundled.products.first?.code)
            #expect(await listor(["stella", "show", code] + server).output == (await listor("stella", "show", code)).output)
            // A size the department never has is named, from the bundled catalogue and from the API alike.
            for source in [[], server] {
                let xxl = await listor(["stella", "products", "lingerie", "--size", "XXL", "--colour", "Navy"] + source)
                #expect(xxl.exitCode == 64)
                #expect(xxl.errorOutput.contains(#"--size: "XXL" is not a size of Lingerie; its sizes are"#), "\(source)")
            }
            let beyond = await listor(["stella", "products", "lingerie", "--page", "99"] + server)
            #expect(beyond.output.hasSuffix("products\n") && beyond.output.contains("Page ") && !beyond.output.contains("No products"))
        }
    }
}
