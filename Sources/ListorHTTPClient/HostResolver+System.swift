import Foundation
import ListorKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension HostResolver {
    /// The system's resolver (getaddrinfo: the hosts file, then DNS). It blocks, so each lookup
    /// runs on a thread of its own rather than on one of Swift's few cooperative threads; a
    /// lookup cannot be interrupted, and ends when the system's resolver gives up.
    public static func system() -> HostResolver {
        HostResolver { host in
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(with: Result { try SystemLookup.addresses(of: host) })
                }
            }
        }
    }
}

/// One getaddrinfo call, its answer as addresses, each once, in the order given.
private enum SystemLookup {
    static func addresses(of host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else { throw HostResolutionError(host: host, reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var next = list
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let socketAddress = entry.ai_addr else { continue }
            let address: IPAddress?
            switch entry.ai_family {
            case AF_INET:
                address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { IPAddress(bytes: withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }) }
            case AF_INET6:
                address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { IPAddress(bytes: withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }) }
            default:
                address = nil
            }
            if let address, !addresses.contains(address) { addresses.append(address) }
        }
        return addresses
    }
}
