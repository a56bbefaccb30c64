import Foundation
import ListorCommandKit

/// How Stella is built, for `serve` and the `listor stella` commands: whose catalogue (the
/// store's, or a catalogue API's), where its pictures come from, and how many are kept.
package struct StellaSettings: Sendable {
    /// A catalogue API to show instead of the store's own catalogue.
    package var catalogue: URL?
    /// A Shopify product CSV imported into the store as `serve` starts.
    package var catalogueFile: String?
    /// Where pictures are fetched from. Unset, they are drawn or fetched by the catalogue's own
    /// addresses, and fetched from the catalogue API's server for a remote one.
    package var imageOrigin: URL?
    /// Bytes of pictures kept in the data directory.
    package var imageCacheSize = 256 << 20
    package var imageCacheAge: TimeInterval = 7 * 86400
    /// Items one shopper may order in an hour, per client address and per email; 0 for no limit.
    package var orderLimit = 50
    /// The store's PostgreSQL database; nil for `stella.sqlite` in the data directory.
    package var database: String?
    /// The token the owner's back office needs; without one it is closed.
    package var adminToken: String?

    package init(catalogue: URL? = nil, database: String? = nil, imageCacheSize: Int = 256 << 20, imageCacheAge: TimeInterval = 7 * 86400, orderLimit: Int = 50) {
        self.catalogue = catalogue
        self.database = database
        self.imageCacheSize = imageCacheSize
        self.imageCacheAge = imageCacheAge
        self.orderLimit = orderLimit
    }

    /// Where pictures come from: the origin given, the remote catalogue's server, or nil to draw them.
    package var pictureOrigin: URL? {
        if let imageOrigin { return imageOrigin }
        guard let catalogue, var root = URLComponents(url: catalogue, resolvingAgainstBaseURL: false) else { return nil }
        // The catalogue's pictures are paths on its server ("/stella/images/…").
        root.path = ""
        root.query = nil
        return root.url
    }
}
