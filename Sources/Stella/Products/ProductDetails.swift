/// What Shopify's product CSV says of a product that the store keeps and gives back on export,
/// beside what it sells by: its category in Shopify's taxonomy, what search engines are shown,
/// and whether it is a gift card.
public struct ProductDetails: Sendable, Hashable, Codable {
    /// "Apparel & Accessories > Clothing > Shirts & Tops".
    public var category = ""
    /// The page's title for search engines, when not the product's.
    public var seoTitle = ""
    /// The page's description for search engines.
    public var seoDescription = ""
    /// Shopify's gift card: sold as a product here, no code issued.
    public var giftCard = false

    public init(category: String = "", seoTitle: String = "", seoDescription: String = "", giftCard: Bool = false) {
        self.category = category
        self.seoTitle = seoTitle
        self.seoDescription = seoDescription
        self.giftCard = giftCard
    }

    /// A store's older rows hold `{}`: what a row leaves out is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = try container.decodeIfPresent(String.self, forKey: .category) ?? ""
        seoTitle = try container.decodeIfPresent(String.self, forKey: .seoTitle) ?? ""
        seoDescription = try container.decodeIfPresent(String.self, forKey: .seoDescription) ?? ""
        giftCard = try container.decodeIfPresent(Bool.self, forKey: .giftCard) ?? false
    }
}
