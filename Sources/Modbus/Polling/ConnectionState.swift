import Foundation
import ListorKit

/// The state of the link to the device, for the page's status line.
public enum ConnectionState: Sendable, Hashable {
    case connecting
    case connected
    /// The last poll failed; the rows are stale.
    case failed(String)
}
