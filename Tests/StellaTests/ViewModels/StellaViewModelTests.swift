import Foundation
import Testing
@testable import Stella

@Suite struct StellaViewModelTests {
    /// A dress in S and M, Navy and Sky: S/Navy 3 left, S/Sky sold out, M/Navy 12, M/Sky not made.
    static let dress = Product(
        code: "wrap-dress", name: "Wrap Dress", brand: "Vela", type: "Ready-to-wear", tags: ["Dresses"], description: "<p>Silk <script>x</script></p>",
        options: [ProductOption(name: "Size", values: ["S", "M"]), ProductOption(name: "Colour", values: ["Navy", "Sky"])],
        variants: [
            ProductVariant(sku: "WD-S-N", values: ["S", "Navy"], price: Money(minorUnits: 8000), compareAtPrice: Money(minorUnits: 10000), stock: 3, picture: "p2"),
            ProductVariant(sku: "WD-S-S", values: ["S", "Sky"], price: Money(minorUnits: 8000), compareAtPrice: Money(minorUnits: 10000), stock: 0),
            ProductVariant(sku: "WD-M-N", values: ["M", "Navy"], price: Money(minorUnits: 9000), stock: 12),
        ],
        pictures: [ProductPicture(source: "p1", position: 1, alt: "Front"), ProductPicture(source: "p2", position: 2, alt: "")])

    @Test func cellsShowThePriceFromTheCheapestInStock() {
        let cell: any ProductCellViewModelInterface = ProductCellViewModel(product: Self.dress)
        #expect(cell.price == "from €80.00" && cell.fullPrice == "€100.00" && cell.discount == "-20%")
        #expect(cell.colours == ["Navy", "Sky"] && cell.thumbnail == "/stella/images/wrap-dress/1" && !cell.isSoldOut && cell.category == "Dresses")
    }

    @Test func theChoiceSaysWhatEachValueWouldGive() {
        let none = ProductDetailViewModel(product: Self.dress)
        #expect(none.status == "Choose a Size and a Colour" && !none.canAdd && none.variant == nil)
        #expect(none.choices.map { $0.values.map(\.note) } == [[nil, nil], [nil, "sold out"]], "Sky is sold out in every size made")
        let sky = ProductDetailViewModel(product: Self.dress) { ["option2": "sky"][$0] }
        #expect(sky.status == "Choose a Size")
        #expect(sky.choices[0].values.map(\.note) == ["sold out", "not made in Sky"], "a value that cannot be had says why")
        let soldOut = ProductDetailViewModel(product: Self.dress) { ["Size": "S", "Colour": "Sky"][$0] }
        #expect(soldOut.status == "S in Sky is sold out" && !soldOut.canAdd)
        let impossible = ProductDetailViewModel(product: Self.dress) { ["option1": "M", "option2": "Sky"][$0] }
        #expect(impossible.status == "M in Sky is not made" && impossible.variant == nil)
        let few = ProductDetailViewModel(product: Self.dress) { ["option1": "S", "option2": "Navy"][$0] }
        #expect(few.status == "S in Navy: only 3 left" && few.canAdd && few.price == "€80.00" && few.discount == "20% off")
        #expect(few.pictures.map(\.path) == ["/stella/images/wrap-dress/2", "/stella/images/wrap-dress/1"], "the variant's own picture first")
        #expect(few.pictures.map(\.alt) == ["Vela Wrap Dress", "Front"])
        let plenty = ProductDetailViewModel(product: Self.dress) { ["option1": "M", "option2": "Navy"][$0] }
        #expect(plenty.status == "M in Navy: in stock" && plenty.price == "€90.00" && plenty.fullPrice == nil)
        let unknown = ProductDetailViewModel(product: Self.dress) { ["option1": "XXL"][$0] }
        #expect(unknown.chosen == [nil, nil], "a value the option does not have is not chosen")
        #expect(none.descriptionHTML == "<p>Silk &lt;script&gt;x&lt;/script&gt;</p>")
        #expect(none.category == "Ready-to-wear › Dresses")
    }

    @Test func theBagAddsChangesAndRemovesAndSaysWhatIsShort() async throws {
        let few = ProductDetailViewModel(product: Self.dress) { ["option1": "S", "option2": "Navy"][$0] }
        var bag = try ShoppingBag.add(few, quantity: 2, to: Bag())
        #expect(bag.lines == [Bag.Line(code: "wrap-dress", sku: "WD-S-N", quantity: 2)] && bag.count == 2)
        #expect(throws: BagError("Only 3 left; 2 are in your bag already")) { try ShoppingBag.add(few, quantity: 2, to: bag) }
        #expect(throws: BagError("S in Sky is sold out")) { try ShoppingBag.add(ProductDetailViewModel(product: Self.dress) { ["option1": "S", "option2": "Sky"][$0] }, quantity: 1, to: bag) }
        #expect(throws: BagError("Choose a Size and a Colour")) { try ShoppingBag.add(ProductDetailViewModel(product: Self.dress), quantity: 1, to: bag) }
        bag = try ShoppingBag.add(ProductDetailViewModel(product: Self.dress) { ["option1": "M", "option2": "Navy"][$0] }, quantity: 1, to: bag)
        #expect(Bag(text: bag.text) == bag, "the cookie's text gives the bag back")
        #expect(throws: BagError("The quantity 100 of WD-M-N is outside 0 to 99; nothing was changed")) { try ShoppingBag.change([("WD-S-N", 1), ("WD-M-N", 100)], in: bag) }
        bag = try ShoppingBag.change([("WD-S-N", 5)], in: bag)
        // The stock fell since: the bag says so, and checkout waits.
        var shorter = Self.dress
        shorter.variants[2].stock = 0
        let shown = try await ShoppingBag.load(bag, from: .bundled(Catalogue(products: [shorter])))
        #expect(shown.lines.map(\.title) == ["Wrap Dress — S / Navy", "Wrap Dress — M / Navy"])
        #expect(shown.lines.map(\.note) == ["Only 3 left: lower the quantity to check out", "Sold out since you added it: remove it to check out"])
        #expect(!shown.canCheckOut && shown.total == Money(minorUnits: 49_000) && shown.summary == "6 items")
        bag = ShoppingBag.remove("WD-M-N", from: try ShoppingBag.change([("WD-S-N", 3)], in: bag))
        #expect(try await ShoppingBag.load(bag, from: .bundled(Catalogue(products: [shorter]))).canCheckOut)
        let gone = try await ShoppingBag.load(bag, from: .bundled(Catalogue(products: [])))
        #expect(gone.lines.map(\.note) == ["No longer sold: remove it to check out"])
        #expect(Bag(text: "x/y*0|a*b|%zz/q*1|ok/OK-1*2").lines == [Bag.Line(code: "ok", sku: "OK-1", quantity: 2)], "lines that cannot be read are left out")
    }

    /// A variant whose stock is not counted, or that sells past zero, is in stock however many
    /// are in the bag; one sold past zero and then set to `deny` is sold out.
    @Test func stockNotCountedOrSoldPastZeroNeverRunsOut() async throws {
        var dress = Self.dress
        dress.variants[1].tracked = false
        dress.variants[2].stock = -4
        dress.variants[2].oversells = true
        let sky = ProductDetailViewModel(product: dress) { ["option1": "S", "option2": "Sky"][$0] }
        #expect(sky.status == "S in Sky: in stock" && sky.canAdd && sky.choices[1].values.map(\.note) == [nil, nil])
        var bag = try ShoppingBag.add(sky, quantity: 50, to: Bag())
        bag = try ShoppingBag.add(ProductDetailViewModel(product: dress) { ["option1": "M", "option2": "Navy"][$0] }, quantity: 9, to: bag)
        #expect(try await ShoppingBag.load(bag, from: .bundled(Catalogue(products: [dress]))).canCheckOut)
        dress.variants[2].oversells = false
        let owed = ProductDetailViewModel(product: dress) { ["option1": "M", "option2": "Navy"][$0] }
        #expect(owed.status == "M in Navy is sold out" && !owed.canAdd)
        #expect(try await ShoppingBag.load(bag, from: .bundled(Catalogue(products: [dress]))).lines.map(\.note) == [nil, "Sold out since you added it: remove it to check out"])
    }

    @Test func aBagStaysWithinWhatACookieHolds() throws {
        // Products whose handles and SKUs are long: a bag of them would outgrow a cookie.
        var bag = Bag()
        var full = false
        for index in 0..<Bag.maximumLines {
            let product = Product(code: String(repeating: "h", count: 200) + "\(index)", name: "Long",
                                  variants: [ProductVariant(sku: String(repeating: "S", count: 90) + "\(index)", values: [], price: Money(minorUnits: 100), stock: 5)])
            do { bag = try ShoppingBag.add(ProductDetailViewModel(product: product), quantity: 1, to: bag) } catch {
                #expect(error == BagError("Your bag is full: check out or remove something first"))
                full = true
                break
            }
        }
        #expect(full && bag.text.utf8.count <= Bag.maximumTextLength && !bag.isEmpty, "refused before the cookie would be dropped, the bag kept")
    }

    @Test func oneDataSourceServesBothLists() {
        let departments = ListDataSource.departments(Catalogue.bundled.departments)
        #expect(departments.count == 4 && departments.viewModel(at: 0).title == "Ready-to-wear")
        let products = ListDataSource.products(Array(Catalogue.bundled.products.prefix(3)))
        #expect(products.viewModels.map(\.code) == Catalogue.bundled.products.prefix(3).map(\.code))
    }
}
