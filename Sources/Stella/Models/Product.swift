import Foundation

/// A product with everything the seed's API sent, shown or not.
public struct Product: Sendable, Hashable, Identifiable {
    public struct Size: Sendable, Hashable {
        public var name: String
        public var isAvailable: Bool

        public init(name: String, isAvailable: Bool) {
            self.name = name
            self.isAvailable = isAvailable
        }
    }

    public struct Colour: Sendable, Hashable {
        public var name: String
        /// "#1B2A4A".
        public var hex: String

        public init(name: String, hex: String) {
            self.name = name
            self.hex = hex
        }
    }

    /// Paths of a picture, small and large.
    public struct Image: Sendable, Hashable {
        public var thumbnail: String
        public var large: String

        public init(thumbnail: String, large: String) {
            self.thumbnail = thumbnail
            self.large = large
        }
    }

    public var code: String
    public var departmentID: String
    public var brand: String
    public var name: String
    public var macroCategory: String
    public var microCategory: String
    public var fullPrice: Money
    /// Set when on sale.
    public var discountedPrice: Money?
    public var sizes: [Size]
    public var colours: [Colour]
    public var images: [Image]
    /// When the product arrived, for "newest first".
    public var added: Date

    public var id: String { code }

    public init(code: String, departmentID: String, brand: String, name: String, macroCategory: String, microCategory: String,
                fullPrice: Money, discountedPrice: Money? = nil, sizes: [Size], colours: [Colour], images: [Image], added: Date) {
        self.code = code
        self.departmentID = departmentID
        self.brand = brand
        self.name = name
        self.macroCategory = macroCategory
        self.microCategory = microCategory
        self.fullPrice = fullPrice
        self.discountedPrice = discountedPrice
        self.sizes = sizes
        self.colours = colours
        self.images = images
        self.added = added
    }

    /// What it costs now: the sale price when there is one.
    public var price: Money { discountedPrice ?? fullPrice }

    /// 30 for 30% off; nil at full price.
    public var discountPercent: Int? {
        guard let discountedPrice, fullPrice.minorUnits > 0, discountedPrice < fullPrice else { return nil }
        return Int((Double(fullPrice.minorUnits - discountedPrice.minorUnits) / Double(fullPrice.minorUnits) * 100).rounded())
    }

    public var isSoldOut: Bool { !sizes.contains(where: \.isAvailable) }
}
