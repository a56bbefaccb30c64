#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address as a resolver gives it, four bytes or sixteen, and what kind of network it
/// belongs to: a reader that fetches pages for visitors may reach only public addresses.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// Four bytes (IPv4) or sixteen (IPv6), in network order.
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    private init(fourBytes: [UInt8]) {
        bytes = fourBytes
    }

    /// An address written as numbers only: dotted IPv4 (`10.0.0.5`) or IPv6 (`fe80::1`, with or
    /// without brackets). Names, and the other forms of IPv4 that resolvers also take
    /// (`127.1`, `0x7f000001`, `010.0.0.1` in octal), are left to the resolver, whose answer is
    /// what is checked.
    public init?(_ text: String) {
        var text = Substring(text)
        let bracketed = text.hasPrefix("[") && text.hasSuffix("]")
        if bracketed { text = text.dropFirst().dropLast() }
        if text.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(text), &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        } else {
            // Brackets hold IPv6 addresses only.
            guard !bracketed else { return nil }
            var address = in_addr()
            guard inet_pton(AF_INET, String(text), &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        }
    }

    /// The address a URL's host stands for when it is written as numbers, as the URL Standard
    /// reads it: IPv6 in brackets, or IPv4 in any of the forms browsers and resolvers take
    /// (`127.0.0.1`, `127.1`, `0x7f000001`, `2130706433`, `0177.0.0.1` in octal). Nil for a name.
    /// A host that ends in a number but is no address (`1.2.3.256`) is `.invalid`.
    public enum URLHost: Sendable, Hashable {
        case address(IPAddress)
        case name
        case invalid
    }

    public static func urlHost(_ host: String) -> URLHost {
        if host.contains(":") { return IPAddress(host).map(URLHost.address) ?? .invalid }
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        // The URL Standard: a host whose last label is a number is an IPv4 address or nothing.
        guard let last = parts.last, !last.isEmpty, last.allSatisfy(\.isASCII),
              last.allSatisfy(\.isNumber) || number(last) != nil else { return .name }
        guard parts.count <= 4 else { return .invalid }
        var numbers: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return .invalid }
            numbers.append(value)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let final = numbers.last,
              final < UInt64(1) << (8 * (5 - numbers.count)) else { return .invalid }
        var value = final
        for (index, number) in numbers.dropLast().enumerated() { value += number << (8 * (3 - index)) }
        return .address(IPAddress(fourBytes: [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]))
    }

    /// One part of an IPv4 host: decimal, octal after a 0, hexadecimal after 0x; leading zeros
    /// of any number (`0000000000000000000001`, found by the address-guard fuzz target against
    /// glibc), and too large a number is none.
    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty else { return nil }
        let (digits, radix): (Substring, Int) = part.lowercased().hasPrefix("0x") ? (part.dropFirst(2), 16)
            : part.count > 1 && part.hasPrefix("0") ? (part.dropFirst(), 8) : (part, 10)
        let significant = digits.drop { $0 == "0" }
        guard !significant.isEmpty else { return digits.allSatisfy { $0 == "0" } ? 0 : nil }
        return UInt64(significant, radix: radix)
    }

    public var isIPv4: Bool { bytes.count == 4 }

    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let family = isIPv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &copy, &text, socklen_t(text.count)) != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The kinds of network an address can be in, as the IANA special-purpose registries list them.
    public enum Network: String, Sendable, Hashable {
        case global
        case loopback
        /// 10/8, 172.16/12, 192.168/16, fc00::/7 and the like: a home's or a company's own.
        case privateNetwork = "private"
        /// 169.254/16 (where clouds keep their metadata service) and fe80::/10.
        case linkLocal = "link-local"
        /// 100.64/10, carrier-grade NAT.
        case sharedAddressSpace = "shared (carrier-grade NAT)"
        case unspecified
        case multicast
        /// Documentation, benchmarking, protocol and future-use blocks, and broadcast.
        case reserved
    }

    /// Where the address leads. An IPv6 address that carries an IPv4 one (mapped, translated,
    /// NAT64, 6to4, compatible) is where that IPv4 address leads.
    /// Whether a host name or address reaches this machine only: `localhost`, `127.0.0.1`, `::1`.
    public static func isLoopback(host: String) -> Bool {
        host == "localhost" || IPAddress(host)?.network == .loopback
    }

    public var network: Network {
        if let embedded = embeddedIPv4 { return embedded.network }
        return isIPv4 ? Self.network(ofIPv4: bytes) : Self.network(ofIPv6: bytes)
    }

    /// True when a server fetching pages for visitors may connect to this address.
    public var isGlobal: Bool { network == .global && !isMetadataService }

    /// The addresses where clouds answer a machine's questions about itself, its credentials
    /// among them: 169.254.169.254 (AWS, Google, Azure, Oracle…), fd00:ec2::254 (AWS over IPv6),
    /// 100.100.100.200 (Alibaba) and 168.63.129.16 (Azure's host agent), whatever network they
    /// are in.
    public var isMetadataService: Bool {
        Self.metadataServices.contains(embeddedIPv4 ?? self)
    }

    private static let metadataServices: Set<IPAddress> = Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200", "168.63.129.16"].compactMap(IPAddress.init))

    /// The IPv4 address an IPv6 one stands for, when it is one of the forms that carry one.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let prefix = bytes[0..<12]
        let zeros = [UInt8](repeating: 0, count: 10)
        // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible, but not :: and ::1).
        let mapped = prefix.elementsEqual(zeros + [0xFF, 0xFF])
        let translated = prefix.elementsEqual([UInt8](repeating: 0, count: 8) + [0xFF, 0xFF, 0, 0])
        let compatible = prefix.elementsEqual(zeros + [0, 0]) && bytes[12..<16].contains { $0 != 0 } && !(bytes[12..<15].allSatisfy { $0 == 0 } && bytes[15] == 1)
        // 64:ff9b::/96, the well-known NAT64 prefix.
        let nat64 = prefix.elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0])
        if mapped || translated || compatible || nat64 { return IPAddress(fourBytes: Array(bytes[12..<16])) }
        // 2002::/16, 6to4: the IPv4 address is the next 32 bits.
        if bytes[0] == 0x20, bytes[1] == 0x02 { return IPAddress(fourBytes: Array(bytes[2..<6])) }
        return nil
    }

    private static func network(ofIPv4 bytes: [UInt8]) -> Network {
        let (a, b, c) = (bytes[0], bytes[1], bytes[2])
        switch a {
        case 0: return bytes.allSatisfy { $0 == 0 } ? .unspecified : .reserved
        case 10: return .privateNetwork
        case 100 where b & 0xC0 == 64: return .sharedAddressSpace
        case 127: return .loopback
        case 169 where b == 254: return .linkLocal
        case 172 where b & 0xF0 == 16: return .privateNetwork
        case 192 where b == 168: return .privateNetwork
        // 192.0.0/24 protocol assignments, 192.0.2/24 documentation, 192.88.99/24 old 6to4 relays.
        case 192 where b == 0 && (c == 0 || c == 2), 192 where b == 88 && c == 99: return .reserved
        // 198.18/15 benchmarking, 198.51.100/24 documentation.
        case 198 where b & 0xFE == 18, 198 where b == 51 && c == 100: return .reserved
        case 203 where b == 0 && c == 113: return .reserved
        case 224...239: return .multicast
        case 240...255: return .reserved
        default: return .global
        }
    }

    private static func network(ofIPv6 bytes: [UInt8]) -> Network {
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        switch bytes[0] {
        case 0xFF: return .multicast
        case 0xFC, 0xFD: return .privateNetwork
        case 0xFE where bytes[1] & 0xC0 == 0x80: return .linkLocal
        // fec0::/10, the site-local addresses RFC 3879 retired: a network's own, as private ones are.
        case 0xFE where bytes[1] & 0xC0 == 0xC0: return .privateNetwork
        default: break
        }
        // 2001::/23 protocol assignments (Teredo among them) and 2001:db8::/32 documentation.
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] & 0xFE == 0 || (bytes[2] == 0x0D && bytes[3] == 0xB8) { return .reserved }
        // 64:ff9b:1::/48, NAT64 for a network's own use.
        if bytes[0..<6].elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 1]) { return .privateNetwork }
        // 100::/64, discard only.
        if bytes[0] == 0x01, bytes[1..<8].allSatisfy({ $0 == 0 }) { return .reserved }
        // Global unicast is 2000::/3; everything else is not yet assigned.
        return bytes[0] & 0xE0 == 0x20 ? .global : .reserved
    }
}
