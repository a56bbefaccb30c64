import Foundation

/// Where a server that fetches URLs for its visitors may go: http and https to public
/// addresses only, so that it cannot be turned against the network it runs in (OWASP's
/// server-side request forgery). A host written as numbers is read as the URL Standard reads
/// it (`127.1` and `0x7f000001` are loopback); a name is resolved, and refused if any of its
/// addresses is not public.
///
/// The check is made before each request, every redirect hop included when the guarded
/// transport carries them, and the request then connects to the address checked
/// (`HTTPRequestMessage.connectAddress`) rather than resolving the name again: a name whose
/// answer changes between the two (DNS rebinding) reaches only what was checked.
public struct AddressGuard: Sendable {
    private let resolver: HostResolver
    /// For a home network and for tests: loopback and private addresses (and the other blocks
    /// that are not public) are let through too, but not link-local ones or a cloud's metadata
    /// service, which hold a machine's credentials.
    public let allowsPrivateAddresses: Bool
    /// Link-local addresses (169.254/16, fe80::/10) and the metadata services are let through,
    /// as they are only when asked for on their own.
    public let allowsLinkLocalAddresses: Bool

    public init(resolver: HostResolver, allowsPrivateAddresses: Bool = false, allowsLinkLocalAddresses: Bool = false) {
        self.resolver = resolver
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.allowsLinkLocalAddresses = allowsLinkLocalAddresses
    }

    /// Why `address` may not be reached; nil when it may.
    func refusal(of address: IPAddress) -> String? {
        if address.isMetadataService {
            return allowsLinkLocalAddresses ? nil : "it is a cloud's metadata service"
        }
        switch address.network {
        case .global: return nil
        case .linkLocal: return allowsLinkLocalAddresses ? nil : "it is link-local"
        case let network: return allowsPrivateAddresses ? nil : "it is \(network.rawValue)"
        }
    }

    /// The addresses `url`'s host stands for, once it may be fetched; otherwise throws
    /// `NetworkError.refused` naming why (or `.unreachable` when the name does not resolve,
    /// `CancellationError` when cancelled).
    @discardableResult
    public func check(_ url: URL) async throws -> [IPAddress] {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw NetworkError.refused(url: url, reason: "only http and https addresses can be read from this server")
        }
        guard let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw NetworkError.refused(url: url, reason: "the address has no host")
        }
        let addresses: [IPAddress]
        switch IPAddress.urlHost(host) {
        case .address(let address):
            addresses = [address]
        case .invalid:
            throw NetworkError.refused(url: url, reason: "\(host) is not a valid IP address")
        case .name:
            do {
                addresses = try await resolver.resolve(host)
            } catch let error as CancellationError {
                throw error
            } catch {
                throw NetworkError.unreachable(url: url, reason: ErrorCause(error))
            }
            guard !addresses.isEmpty else { throw NetworkError.unreachable(url: url, reason: "cannot resolve \(host): no addresses") }
        }
        for address in addresses {
            guard let reason = refusal(of: address) else { continue }
            let name = address.description == host ? "" : " (\(host))"
            throw NetworkError.refused(url: url, reason: "the address \(address)\(name) is not reachable from this server: \(reason)")
        }
        return addresses
    }
}

extension HTTPTransport {
    /// This transport, with every request checked by `guard` first and sent to the address
    /// checked; a refused one is never sent.
    public func guarded(by addressGuard: AddressGuard) -> HTTPTransport {
        HTTPTransport { request, limits in
            var request = request
            request.connectAddress = try await addressGuard.check(request.url).first
            return try await send(request, limits)
        }
    }
}
