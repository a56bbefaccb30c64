import Testing
import ListorKit

/// The address classification a server-side reader relies on, checked on the addresses
/// themselves: no test sends anything beyond loopback.
@Suite struct IPAddressTests {
    @Test(arguments: [
        ("127.0.0.1", IPAddress.Network.loopback), ("127.255.0.9", .loopback), ("::1", .loopback), ("[::1]", .loopback),
        ("0.0.0.0", .unspecified), ("::", .unspecified), ("0.1.2.3", .reserved),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork), ("192.168.1.1", .privateNetwork),
        ("fd00::1", .privateNetwork), ("fc00::1", .privateNetwork), ("fec0::1", .privateNetwork), ("64:ff9b:1::1", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal), ("febf::1", .linkLocal),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("ff02::1", .multicast),
        ("255.255.255.255", .reserved), ("240.0.0.1", .reserved), ("192.0.2.1", .reserved), ("192.0.0.8", .reserved), ("192.88.99.1", .reserved),
        ("198.18.0.1", .reserved), ("198.19.255.1", .reserved), ("198.51.100.7", .reserved), ("203.0.113.9", .reserved),
        ("2001:db8::1", .reserved), ("2001::1", .reserved), ("100::1", .reserved), ("4000::1", .reserved),
        // IPv6 forms that carry an IPv4 address lead where that address leads.
        ("::ffff:127.0.0.1", .loopback), ("::ffff:10.0.0.5", .privateNetwork), ("::ffff:0:10.0.0.5", .privateNetwork),
        ("::127.0.0.1", .loopback), ("64:ff9b::169.254.169.254", .linkLocal), ("2002:7f00:1::", .loopback), ("2002:0808:0808::1", .global),
        ("::ffff:8.8.8.8", .global),
        // Next to the blocks, outside them.
        ("8.8.8.8", .global), ("172.32.0.1", .global), ("172.15.255.255", .global), ("100.128.0.1", .global), ("100.63.255.255", .global),
        ("169.253.1.1", .global), ("192.167.1.1", .global), ("198.20.0.1", .global), ("223.255.255.255", .global),
        ("2606:4700:4700::1111", .global), ("2a00:1450:4001::200e", .global),
    ])
    func eachAddressIsInTheNetworkTheRegistriesSay(text: String, network: IPAddress.Network) throws {
        let address = try #require(IPAddress(text))
        #expect(address.network == network, "\(text)")
        #expect(address.isGlobal == (network == .global))
    }

    @Test(arguments: ["127.1", "0x7f000001", "2130706433", "017700000001", "localhost", "example.test", "1.2.3.4.5", "", "[127.0.0.1]", "::g", "1.2.3.256", "010.001.002.003"])
    func onlyAddressesWrittenInFullAreReadAsAddresses(text: String) {
        // The other IPv4 forms (short, hexadecimal, one number, octal) are for the resolver,
        // whose answer is then checked.
        #expect(IPAddress(text) == nil, "\(text)")
    }

    @Test func addressesAreWrittenTheStandardWay() throws {
        #expect(try #require(IPAddress("[FE80:0:0::1]")).description == "fe80::1")
        #expect(try #require(IPAddress("::ffff:127.0.0.1")).description == "::ffff:127.0.0.1")
        #expect(try #require(IPAddress(bytes: [192, 168, 0, 1])).description == "192.168.0.1")
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test func theIPv4AddressInsideAnIPv6OneIsFound() throws {
        #expect(try #require(IPAddress("::ffff:10.0.0.5")).embeddedIPv4 == IPAddress("10.0.0.5"))
        #expect(try #require(IPAddress("2002:a00:5::")).embeddedIPv4 == IPAddress("10.0.0.5"))
        #expect(try #require(IPAddress("2606:4700::1")).embeddedIPv4 == nil)
        #expect(try #require(IPAddress("::1")).embeddedIPv4 == nil)
    }

    @Test func onlyThisMachinesNamesAndAddressesAreLoopback() {
        #expect(["localhost", "127.0.0.1", "127.8.9.10", "::1"].allSatisfy { IPAddress.isLoopback(host: $0) })
        #expect(!["0.0.0.0", "::", "192.168.1.5", "mail.example.org", "127.example.org", "localhost.example.org"].contains { IPAddress.isLoopback(host: $0) })
    }
}
