/// A product as a Shopify product CSV describes it: its first row's fields, the options named
/// there, the variants of its rows, and its pictures in order.
public struct ShopifyProduct: Sendable, Hashable {
    /// The product's unique name in the file and in addresses: "linen-shirt".
    public var handle: String
    /// The line of its first row.
    public var line: Int
    public var title: String
    /// As the file has it; shown only through `InlineHTML.sanitized(_:)`.
    public var bodyHTML: String
    public var vendor: String
    public var type: String
    public var tags: [String]
    public var options: [ProductOption]
    public var variants: [ProductVariant]
    public var pictures: [ProductPicture]

    public init(handle: String, line: Int, title: String, bodyHTML: String = "", vendor: String = "", type: String = "", tags: [String] = [],
                options: [ProductOption] = [], variants: [ProductVariant] = [], pictures: [ProductPicture] = []) {
        self.handle = handle
        self.line = line
        self.title = title
        self.bodyHTML = bodyHTML
        self.vendor = vendor
        self.type = type
        self.tags = tags
        self.options = options
        self.variants = variants
        self.pictures = pictures
    }
}
