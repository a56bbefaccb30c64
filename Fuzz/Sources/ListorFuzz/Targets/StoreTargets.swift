import Foundation
import ListorKit
import Stella
@testable import ListorWeb

/// What a shopper, a catalogue file or a forged cookie sends the store.
enum StoreTargets {
    /// Shopify's product CSV: every product kept has a variant, SKUs are unique, stock is never
    /// below zero, no stored text hides a character, every picture is an address the server may
    /// fetch, and the products written out read back as themselves.
    static let shopifyCSV = FuzzTarget(name: "shopify-csv", summary: "Shopify's product CSV; products valid, pictures allowed, and a written catalogue reads back the same") { bytes in
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let addresses = AddressGuard(resolver: .unimplemented)
        guard let read = try? ShopifyCSV.read(text, addresses: addresses) else { return }
        var skus = Set<String>()
        for product in read.items {
            require(!product.variants.isEmpty, "\(product.code) kept without a variant")
            for text in [product.code, product.name, product.brand, product.type] + product.tags {
                require(HiddenCharacter.first(in: text) == nil, "\(product.code): a hidden character kept in \(text.debugDescription)")
            }
            for variant in product.variants {
                require(skus.insert(variant.sku).inserted, "SKU \(variant.sku) kept twice")
                require(variant.stock >= 0 && variant.values.count == product.options.count, "\(variant.sku): stock \(variant.stock), \(variant.values.count) values")
                require(HiddenCharacter.first(in: variant.sku) == nil, "a hidden character in SKU \(variant.sku.debugDescription)")
            }
            for source in product.pictures.map(\.source) + product.variants.compactMap(\.picture) {
                require(URL(string: source).map { addresses.refusalWithoutResolving($0) == nil } == true, "picture \(source) kept though refused")
            }
        }
        let again = try? ShopifyCSV.read(ShopifyCSV.write(read.items), addresses: addresses)
        require(again?.items == read.items && again?.problems.isEmpty == true, "the written catalogue reads back otherwise: \(again?.problems ?? [])")
    }

    /// A description made safe: every tag left is an allowed one without attributes, and tags balance.
    static let inlineHTML = FuzzTarget(name: "inline-html", summary: "InlineHTML; only allowed tags without attributes, balanced, nothing else unescaped") { bytes in
        let output = InlineHTML.sanitized(String(decoding: bytes, as: UTF8.self))
        // By code points, as a browser reads them: "<p>" before a combining mark is one Swift Character.
        let scalars = Array(output.unicodeScalars)
        var open: [String] = []
        var index = 0
        while let start = scalars[index...].firstIndex(of: "<") {
            guard let end = scalars[start...].firstIndex(of: ">") else { fatalError("invariant broken: an unclosed < in \(output.debugDescription)") }
            var inside = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
            let closing = inside.hasPrefix("/")
            if closing { inside.removeFirst() }
            require(InlineHTML.allowed.contains(inside), "a tag <\(inside)> left in \(output.debugDescription)")
            if closing {
                require(open.last == inside, "</\(inside)> closes \(open.last ?? "nothing") in \(output.debugDescription)")
                open.removeLast()
            } else if inside != "br" {
                open.append(inside)
            }
            index = end + 1
        }
        require(open.isEmpty, "left open: \(open) in \(output.debugDescription)")
        require(!output.contains("\"") && !output.contains("'"), "a quote left unescaped in \(output.debugDescription)")
    }

    /// An order's body: an order taken has 1 to 50 lines of 1 to 99, a name and an address free
    /// of hidden characters (the address's line breaks its own), and an email the mailer takes.
    static let orderBody = FuzzTarget(name: "order-body", summary: "POST /stella/api/orders' body; an order taken is within its bounds, its text clean and its email sendable") { bytes in
        guard let json = try? JSONParser.parse(bytes), let body = try? OrderBody(json: json, codingPath: []) else { return }
        do {
            let order = try body.request()
            require((1...Bag.maximumLines).contains(order.items.count), "\(order.items.count) lines")
            require(order.items.allSatisfy { (1...Bag.maximumQuantity).contains($0.quantity) && HiddenCharacter.first(in: $0.sku) == nil }, "a line out of bounds")
            require(HiddenCharacter.first(in: order.name) == nil && HiddenCharacter.first(in: order.address.replacingOccurrences(of: "\n", with: " ")) == nil,
                    "hidden characters taken: \(order.name.debugDescription) \(order.address.debugDescription)")
            require((try? MailAddress(order.email)) != nil, "an email the mailer refuses: \(order.email.debugDescription)")
        } catch let error as FieldErrors {
            require(!error.errors.isEmpty && error.errors.allSatisfy { !$0.field.isEmpty && !$0.message.isEmpty }, "a refusal without its field")
        } catch {
            fatalError("invariant broken: an order refused by \(error), not by its fields")
        }
    }

    /// The bag's cookie: a value the server did not sign is no bag, and a bag reads back from its text.
    static let bagCookie = FuzzTarget(name: "bag-cookie", summary: "the bag's signed cookie; nothing forged passes, a bag's text reads back as the bag") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let value = key.value(of: text, for: "bag") { require(text == key.signed(value, for: "bag"), "a forged bag cookie passed: \(text.debugDescription)") }
        let bag = Bag(text: text)
        require(bag.lines.count <= Bag.maximumLines && bag.lines.allSatisfy { (1...Bag.maximumQuantity).contains($0.quantity) }, "a bag out of bounds")
        require(Bag(text: bag.text) == bag, "the bag reads back otherwise")
        let signed = key.signed(bag.text, for: "bag")
        require(key.value(of: signed, for: "bag") == bag.text && key.value(of: signed, for: "csrf") == nil, "a signed bag is not its own, or passes for another purpose")
    }

    static let key = FormKey.random()
}
