import Foundation

/// What a product's cell shows: everything the seed's API sent and its list never did.
public protocol ProductCellViewModelInterface: Sendable {
    var code: String { get }
    var brand: String { get }
    var name: String { get }
    var category: String { get }
    /// The price to pay, "€89.50".
    var price: String { get }
    /// The full price when on sale, shown struck through.
    var fullPrice: String? { get }
    /// "-30%".
    var discount: String? { get }
    var thumbnail: String { get }
    /// Its colours by name.
    var colours: [String] { get }
    var isSoldOut: Bool { get }
}
