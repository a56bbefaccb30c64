import Foundation
import ListorCommandKit
import ListorHTTPClient
import ListorKit

/// Where `listor serve` may connect for an address that came from outside: a page a visitor
/// asks the reader for, a picture an imported catalogue names, a cover service's redirect.
/// Public addresses only, unless the operator allows more; the addresses the operator named
/// themselves (a catalogue API, a picture origin, the cover service) are reached as named.
package struct OutboundReach: Sendable, CustomStringConvertible {
    var allowsPrivateAddresses = false
    var allowsLinkLocalAddresses = false

    /// The one guard every outbound request of `serve` passes, trusting the operator's `origins`.
    package func addressGuard(trusting origins: [URL] = []) -> AddressGuard {
        AddressGuard(resolver: .system(), allowsPrivateAddresses: allowsPrivateAddresses, allowsLinkLocalAddresses: allowsLinkLocalAddresses,
                     trusting: origins)
    }

    /// The options that widen it, for the warning `serve` logs.
    package var flags: [String] {
        [(allowsPrivateAddresses, "--allow-private"), (allowsLinkLocalAddresses, "--allow-link-local")].filter(\.0).map(\.1)
    }

    /// What may be reached, as `serve` says it when it starts.
    package var description: String {
        switch (allowsPrivateAddresses, allowsLinkLocalAddresses) {
        case (false, false): "public addresses only"
        case (true, false): "public, loopback and private addresses"
        case (false, true): "public and link-local addresses, cloud metadata services included"
        case (true, true): "every address, link-local and cloud metadata services included"
        }
    }
}
