/// What Shopify's product CSV says of a variant that the store keeps and gives back on export:
/// its barcode, and its weight for shipping.
public struct VariantDetails: Sendable, Hashable, Codable {
    /// ISBN, UPC, GTIN…, as the file gives it.
    public var barcode = ""
    /// Its weight in grams (Shopify's `Variant Grams`).
    public var grams: Int?
    /// The unit the owner reads its weight in: g, kg, lb or oz.
    public var weightUnit = ""

    public init(barcode: String = "", grams: Int? = nil, weightUnit: String = "") {
        self.barcode = barcode
        self.grams = grams
        self.weightUnit = weightUnit
    }

    /// A store's older rows hold `{}`: what a row leaves out is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        barcode = try container.decodeIfPresent(String.self, forKey: .barcode) ?? ""
        grams = try container.decodeIfPresent(Int.self, forKey: .grams)
        weightUnit = try container.decodeIfPresent(String.self, forKey: .weightUnit) ?? ""
    }
}
