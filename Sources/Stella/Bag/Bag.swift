import Foundation
import ListorKit

/// What a shopper has put in the bag: variants by product and SKU, and how many of each, kept
/// without an account (the web keeps it in a signed cookie as `text`).
public struct Bag: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var code: String
        public var sku: String
        public var quantity: Int

        public init(code: String, sku: String, quantity: Int) {
            self.code = code
            self.sku = sku
            self.quantity = quantity
        }
    }

    /// The most lines a bag holds, and the most of one variant, as an order takes them.
    public static let maximumLines = 50
    public static let maximumQuantity = 99
    /// The longest `text` kept: with its signature it stays within the 4 KB a browser keeps of a cookie.
    public static let maximumTextLength = 3_800

    public private(set) var lines: [Line]

    public init(lines: [Line] = []) {
        self.lines = Array(lines.prefix(Self.maximumLines))
    }

    /// How many items in all: the header's count.
    public var count: Int { lines.reduce(0) { $0 + $1.quantity } }

    public var isEmpty: Bool { lines.isEmpty }

    public func quantity(of sku: String) -> Int {
        lines.first { $0.sku == sku }?.quantity ?? 0
    }

    /// Sets the quantity of a variant, adding its line at the end; 0 removes it.
    mutating func set(code: String, sku: String, quantity: Int) {
        if let index = lines.firstIndex(where: { $0.sku == sku }) {
            if quantity <= 0 { lines.remove(at: index) } else { lines[index].quantity = quantity }
        } else if quantity > 0, lines.count < Self.maximumLines {
            lines.append(Line(code: code, sku: sku, quantity: quantity))
        }
    }

    /// "linen-shirt/LS-M*2|…", each part percent-encoded: what the cookie keeps.
    public var text: String {
        lines.map { "\(Self.encode($0.code))/\(Self.encode($0.sku))*\($0.quantity)" }.joined(separator: "|")
    }

    /// The bag `text` gives; lines that cannot be read are left out.
    public init(text: String) {
        self.init(lines: text.split(separator: "|").compactMap { part in
            let halves = part.split(separator: "*")
            guard halves.count == 2, let quantity = Int(digits: halves[1]), (1...Self.maximumQuantity).contains(quantity) else { return nil }
            let names = halves[0].split(separator: "/")
            guard names.count == 2, let code = names[0].removingPercentEncoding, let sku = names[1].removingPercentEncoding else { return nil }
            return Line(code: code, sku: sku, quantity: quantity)
        })
    }

    private static let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: plain) ?? ""
    }
}
