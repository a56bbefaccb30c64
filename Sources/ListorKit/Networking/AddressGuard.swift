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
    /// The origins the operator named (a catalogue API, a picture origin, a cover service):
    /// reached wherever they are, as the operator asked. Only the origin itself is trusted, not
    /// where it redirects to nor the addresses its answers name.
    public let trustedOrigins: Set<String>

    public init(resolver: HostResolver, allowsPrivateAddresses: Bool = false, allowsLinkLocalAddresses: Bool = false, trusting trusted: [URL] = []) {
        self.resolver = resolver
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.allowsLinkLocalAddresses = allowsLinkLocalAddresses
        trustedOrigins = Set(trusted.compactMap(Self.origin))
    }

    /// "http://127.0.0.1:8080": scheme, host and port, the port written even when it is the scheme's.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(host):\(port)"
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
        let host = try checkForm(of: url)
        if let origin = Self.origin(of: url), trustedOrigins.contains(origin) { return [] }
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

    /// Why `url` can never be fetched, judged without asking DNS: not http or https, no host, or
    /// a host written as an address that is not reachable; nil when it may be (a name is then
    /// checked when it is fetched). For addresses read from a file, as a catalogue is imported.
    public func refusalWithoutResolving(_ url: URL) -> String? {
        do {
            let host = try checkForm(of: url)
            if let origin = Self.origin(of: url), trustedOrigins.contains(origin) { return nil }
            switch IPAddress.urlHost(host) {
            case .address(let address):
                return refusal(of: address).map { "the address \(address) is not reachable from this server: \($0)" }
            case .invalid: return "\(host) is not a valid IP address"
            case .name: return nil
            }
        } catch {
            guard case .refused(_, let reason) = error else { return error.description }
            return reason
        }
    }

    /// The URL's host, once it is an http or https URL with one.
    private func checkForm(of url: URL) throws(NetworkError) -> String {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw NetworkError.refused(url: url, reason: "only http and https addresses can be read from this server")
        }
        guard let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw NetworkError.refused(url: url, reason: "the address has no host")
        }
        return host
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

    /// This transport, following up to `limit` redirects itself, one request a hop, so that
    /// each hop goes through whatever this transport does (the address guard first of all).
    /// A 303, and a 301 or 302 to a POST, continue as a GET without a body, as browsers do;
    /// credentials are not carried to another origin.
    public func followingRedirects(limit: Int = 5) -> HTTPTransport {
        HTTPTransport { request, limits in
            var request = request
            var hops = 0
            while true {
                let response = try await send(request, limits)
                guard [301, 302, 303, 307, 308].contains(response.status), let location = response.value(of: "location") else { return response }
                guard let next = URL(string: location, relativeTo: request.url)?.absoluteURL else {
                    throw NetworkError.invalidResponse(url: request.url, reason: "the redirect to \"\(location.prefix(200))\" is not an address")
                }
                hops += 1
                guard hops <= limit else {
                    throw NetworkError.invalidResponse(url: request.url, reason: "more than \(limit) redirects")
                }
                if response.status == 303 || (request.method == "POST" && [301, 302].contains(response.status)) {
                    request.method = "GET"
                    request.body = nil
                }
                if AddressGuard.origin(of: next) != AddressGuard.origin(of: request.url) {
                    request.headers = request.headers.filter { !["authorization", "cookie"].contains($0.key.lowercased()) }
                }
                request.url = next
                request.connectAddress = nil
            }
        }
    }
}
