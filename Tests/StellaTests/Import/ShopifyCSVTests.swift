import Foundation
import ListorKit
import Stella
import Testing

/// Shopify's product CSV: variants on continuation rows, pictures in order, and each bad row
/// reported by line and column while the good ones are kept.
@Suite struct ShopifyCSVTests {
    /// Columns in Shopify's export order.
    static let header = "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,"
        + "Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,Variant Image,Status"

    static let file = """
        \(header)
        linen-shirt,Linen shirt,"<p>Light <b onclick=""steal()"">linen</b>.</p><script>alert(1)</script>",Stella,Shirts,"summer, linen",true,Size,S,Colour,White,,,LS-S-W,200,3,49.90,59.90,https://cdn.example.org/shirt-2.jpg,2,The shirt from the back,,active
        linen-shirt,,,,,,,,M,,White,,,LS-M-W,200,0,49.90,59.90,https://cdn.example.org/shirt-1.jpg,1,The shirt,,
        linen-shirt,,,,,,,,S,,Blue,,,LS-S-B,200,5,49.90,,,,,https://cdn.example.org/shirt-blue.jpg,
        linen-shirt,,,,,,,,M,,Blue,,,LS-M-B,200,12,"12,50",,,,,,
        plain-tote,Plain tote,,Stella,Bags,,true,Title,Default Title,,,,,TOTE-1,300,40,19,,https://cdn.example.org/tote.jpg,1,,,active
        Bad Handle,Thing,,,,,,,,,,,,X-1,,1,10,,,,,,
        no-title,,,,,,,,,,,,,NT-1,,1,10,,,,,,
        no-title,,,,,,,,,,,,,NT-2,,1,10,,,,,,
        linen-shirt,,,,,,,,L,,White,,,LS-L-W,200,-2,49.90,,,,,,
        linen-shirt,,,,,,,,L,,,,,LS-L-?,200,1,49.90,,,,,,
        linen-shirt,,,,,,,,S,,White,,,LS-S-W2,200,1,49.90,,,,,,
        plain-tote,,,,,,,,,,,,,TOTE-1,,1,19,,,,,,
        plain-tote,,,,,,,,,,,,,,,,,,javascript:alert(1),,,,
        just-a-picture,Picture,,,,,,,,,,,,,,,,,https://cdn.example.org/p.jpg,1,,,
        broken,Broken "quote,,,,,,,,,,,,B-1,,1,10,,,,,,
        """

    @Test func productsVariantsAndPicturesComeFromTheirRows() throws {
        let result = try ShopifyCSV.read(Self.file)
        #expect(result.items.map(\.code) == ["linen-shirt", "plain-tote"])
        let shirt = try #require(result.items.first)
        #expect(shirt.name == "Linen shirt" && shirt.brand == "Stella" && shirt.type == "Shirts" && shirt.tags == ["summer", "linen"])
        #expect(shirt.options == [ProductOption(name: "Size", values: ["S", "M"]), ProductOption(name: "Colour", values: ["White", "Blue"])])
        #expect(shirt.variants.map(\.sku) == ["LS-S-W", "LS-M-W", "LS-S-B"], "the bad rows' variants are left out")
        #expect(shirt.variants[0] == ProductVariant(sku: "LS-S-W", values: ["S", "White"], price: Money(minorUnits: 4990), compareAtPrice: Money(minorUnits: 5990), stock: 3,
                                                   details: VariantDetails(grams: 200)))
        #expect(shirt.variants[1].stock == 0 && shirt.variants[2].picture == "https://cdn.example.org/shirt-blue.jpg")
        #expect(shirt.pictures.map(\.source) == ["https://cdn.example.org/shirt-1.jpg", "https://cdn.example.org/shirt-2.jpg"], "by position")
        #expect(shirt.pictures.map(\.alt) == ["The shirt", "The shirt from the back"])
        #expect(shirt.description.contains("<script>"), "kept as the file has it; shown only sanitized")
        let tote = try #require(result.items.last)
        #expect(tote.options.isEmpty && tote.variants == [ProductVariant(sku: "TOTE-1", values: [], price: Money(minorUnits: 1900), stock: 40,
                                                                                    details: VariantDetails(grams: 300))])
    }

    @Test func eachBadRowIsReportedByLineAndColumn() throws {
        let result = try ShopifyCSV.read(Self.file)
        #expect(result.problems.map(\.description) == [
            #"line 5: Variant Price: "12,50" is not an amount such as 49.90"#,
            #"line 7: Handle: "Bad Handle" is not a handle: lower-case letters, digits and hyphens, as "linen-shirt""#,
            #"line 8: Title: is required on the first row of product "no-title""#,
            #"line 9: product "no-title" was refused at its first row, line 8"#,
            #"line 10: Variant Inventory Qty: "-2" is not a whole number from 0"#,
            #"line 11: Option2 Value: is required: product "linen-shirt" varies by Colour"#,
            #"line 12: product "linen-shirt" has S / White already, at line 2"#,
            #"line 13: Variant SKU: "TOTE-1" is already the SKU of line 6"#,
            #"line 14: Image Src: "javascript:alert(1)" is not an http or https address"#,
            #"line 15: product "just-a-picture" has no variant: give its first row a Variant Price"#,
            "line 16: a quote inside an unquoted field; quote the whole field and double the quote",
        ])
    }

    /// What a file may not store: hidden characters (an escape sequence for the owner's terminal,
    /// a bell, a bidirectional override), a stock written "+3" or " 7 ", and a picture at an
    /// address the server may not fetch.
    @Test func hiddenCharactersSignedNumbersAndUnreachablePicturesAreBadValues() throws {
        let file = """
            Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src
            hat,"Hat \u{1B}]0;pwned\u{07}",,Size,S,H-S,1,10.00,
            cap,Cap,"<p>One\n\tline</p>",Size,S,C-S,1,10.00,
            cap,,,,M,C-M,+3,10.00,
            cap,,,,L,C-L, 7 ,10.00,
            cap,,,,XL,C-\u{202E}XL,1,10.00,
            cap,,,,XXL,C-XXL,1,10.00,http://169.254.169.254/latest/meta-data/a.svg

            """
        let result = try ShopifyCSV.read(file, addresses: AddressGuard(resolver: .unimplemented))
        #expect(result.problems.map(\.description) == [
            "line 2: Title: contains U+001B ESCAPE, a control character",
            #"line 5: Variant Inventory Qty: "+3" is not a whole number from 0"#,
            #"line 6: Variant Inventory Qty: " 7 " is not a whole number from 0"#,
            "line 7: Variant SKU: contains U+202E RIGHT-TO-LEFT OVERRIDE, which reorders the text around it",
            #"line 8: Image Src: "http://169.254.169.254/latest/meta-data/a.svg" is refused: the address 169.254.169.254 is not reachable from this server: it is a cloud's metadata service"#,
        ], "\(result.problems)")
        #expect(result.items.map(\.code) == ["cap"] && result.items.first?.variants.map(\.sku) == ["C-S"], "the good rows kept")
        #expect(result.items.first?.description == "<p>One\n\tline</p>", "a description keeps its layout")
    }

    @Test func theCatalogueRoundTripsThroughExportAndImport() throws {
        let products = try ShopifyCSV.read(Self.file).items
        let again = try ShopifyCSV.read(ShopifyCSV.write(products))
        #expect(again.problems.isEmpty, "\(again.problems)")
        #expect(again.items == products)
        // A cell a spreadsheet would run as a formula is written protected and read back as it was.
        let formula = Product(code: "odd", name: "=HYPERLINK(\"http://x\")", description: "-1 day",
                              variants: [ProductVariant(sku: "@ODD", values: [], price: Money(minorUnits: 100), stock: 1)])
        #expect(try ShopifyCSV.read(ShopifyCSV.write([formula])).items == [formula])
    }

    /// Shopify's own export as most small shops have it: no SKUs, in Shopify's full set of columns.
    static let withoutSKUs = """
        Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,\
        Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,\
        Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,\
        Variant Weight Unit,Variant Tax Code
        sea-shirt,Sea Shirt,A shirt.,demo,,men,true,Title,Default Title,,,,,,0,,1,deny,manual,50,,true,true,,https://cdn.example.org/sea.jpg,1,,false,,,,kg,
        rugby-top,Rugby Top,A top.,demo,,women,true,Size,Small,,,,,,0,,1,deny,manual,60,,true,true,,https://cdn.example.org/rugby.jpg,1,,false,,,,kg,
        rugby-top,,,,,,,,Medium,,,,,,0,,1,deny,manual,60,,true,true,,,,,,,,,kg,
        rugby-top,,,,,,,,Extra Large,,,,,,0,,1,deny,manual,60,,true,true,,,,,,,,,kg,
        wool-cap,Wool Cap,A cap.,demo,,men,true,Title,Default Title,,,,,CAP-1,0,shopify,-2,continue,manual,20,,true,true,,,,,false,,,,kg,
        """

    /// A variant without a SKU gets one from its handle and option values, the same at every
    /// import, whether the file has commas or a spreadsheet's semicolons; the export leaves it out.
    @Test func variantsWithoutSKUsAreNamedByTheirHandleAndValues() throws {
        let read = try ShopifyCSV.read(Self.withoutSKUs)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.items.map { $0.variants.map(\.sku) } == [["sea-shirt"], ["rugby-top/small", "rugby-top/medium", "rugby-top/extra-large"], ["CAP-1"]])
        // An empty tracker is stock not counted: always for sale. `continue` sells past zero.
        #expect(read.items.flatMap(\.variants).map { [$0.tracked, $0.oversells] } == [[false, false], [false, false], [false, false], [false, false], [true, true]])
        #expect(read.items.last?.variants.first?.stock == -2)
        #expect(read.items.allSatisfy { $0.isOnSale }, "a file from before Status: every product active")
        let semicolons = try ShopifyCSV.read(Self.withoutSKUs.replacingOccurrences(of: ",", with: ";"))
        #expect(semicolons.problems.isEmpty && semicolons.items == read.items)
        let exported = ShopifyCSV.write(read.items)
        #expect(!exported.contains("rugby-top/small"))
        #expect(try ShopifyCSV.read(exported).items == read.items)
    }

    /// What Shopify's file says beyond what the store sells by is kept and exported again: a
    /// variant's barcode and weight, the product's category, what search engines are shown, a
    /// gift card; a weight that is no number is refused by its column.
    @Test func barcodesWeightsCategoriesSEOAndGiftCardsAreKept() throws {
        let file = """
            Handle,Title,Product Category,Gift Card,SEO Title,SEO Description,Option1 Name,Option1 Value,Variant Price,Variant Barcode,Variant Grams,Variant Weight Unit
            sea-shirt,Sea Shirt,Apparel & Accessories > Clothing > Shirts & Tops,false,Sea Shirt | Stella,A light shirt for summer.,Size,S,50,4006381333931,250.0,kg
            sea-shirt,,,,,,,M,50,4006381333948,270,g
            gift,Gift card,Gift Cards,true,,,Title,Default Title,25,,,
            cap,Cap,,,,,Title,Default Title,20,,heavy,stone
            """
        let read = try ShopifyCSV.read(file)
        #expect(read.problems.map(\.description) == ["line 5: Variant Grams: \"heavy\" is not a whole number of grams", "line 5: Variant Weight Unit: \"stone\" is none of g, kg, lb and oz"])
        let shirt = try #require(read.items.first)
        #expect(shirt.details == ProductDetails(category: "Apparel & Accessories > Clothing > Shirts & Tops", seoTitle: "Sea Shirt | Stella",
                                                seoDescription: "A light shirt for summer."))
        #expect(shirt.variants.map(\.details) == [VariantDetails(barcode: "4006381333931", grams: 250, weightUnit: "kg"),
                                                   VariantDetails(barcode: "4006381333948", grams: 270, weightUnit: "g")])
        #expect(read.items.last?.details.giftCard == true)
        #expect(try ShopifyCSV.read(ShopifyCSV.write(read.items)).items == read.items)
    }

    /// Status and Published decide what is on sale: a draft, an archived product and one not
    /// published are kept for the owner; a status Shopify does not have is refused by its column.
    @Test func statusAndPublishedDecideWhatIsOnSale() throws {
        let file = """
            Handle,Title,Variant Price,Published on online store,Status
            a,A,1,true,active
            b,B,1,true,Draft
            c,C,1,,archived
            d,D,1,false,active
            e,E,1,true,sold
            f,F,1,maybe,active
            """
        let read = try ShopifyCSV.read(file)
        #expect(read.items.map { "\($0.code) \($0.status.rawValue) \($0.published) \($0.isOnSale)" }
                == ["a active true true", "b draft true false", "c archived true false", "d active false false"])
        #expect(read.problems.map(\.description) == [#"line 6: Status: "sold" is none of active, draft and archived"#,
                                                      #"line 7: Published on online store: "maybe" is neither true nor false"#])
        #expect(try ShopifyCSV.read(ShopifyCSV.write(read.items)).items == read.items)
    }

    @Test func aFileThatIsNoProductCSVIsRefusedWhole() {
        #expect(throws: ShopifyCSVError("the file is empty; a Shopify product CSV starts with a header row: Handle,Title,…")) { try ShopifyCSV.read("") }
        #expect(throws: ShopifyCSVError(#"the header row has no "Handle" column; a Shopify product CSV starts Handle,Title,…"#)) {
            try ShopifyCSV.read("title,author\nDune,Frank Herbert\n")
        }
    }
}
