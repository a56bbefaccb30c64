import Foundation
import ListorKit
import Testing

/// The guard a server-side reader puts in front of its transport. Nothing here leaves the
/// process: names resolve through a table, and the transport behind the guard is a double
/// that answers without a network, or fails the test if a refused request reaches it.
@Suite struct AddressGuardTests {
    /// Names as the tests' resolver knows them; any other name fails the test.
    static let resolver = HostResolver { host in
        let table: [String: [String]] = [
            "localhost": ["127.0.0.1", "::1"],
            "public-looking.example": ["127.0.0.1"],
            "split.example": ["93.184.215.14", "10.0.0.7"],
            "metadata.example": ["169.254.169.254"],
            "printer.local": ["169.254.10.20"],
            "aws-v6.example": ["fd00:ec2::254"],
            "router.home": ["192.168.1.1"],
            "www.example": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
        ]
        guard let addresses = table[host] else { throw HostResolutionError(host: host, reason: "not in the test's table") }
        return addresses.compactMap(IPAddress.init)
    }

    /// A transport behind the guard that answers 200 and counts what reached it.
    static func counting(_ count: Counter) -> HTTPTransport {
        HTTPTransport { request, _ in
            await count.add()
            return HTTPTransport.Response(status: 200, body: Data("ok".utf8))
        }
    }

    actor Counter {
        private(set) var value = 0
        func add() { value += 1 }
    }

    @Test(arguments: [
        ("http://127.0.0.1/", "the address 127.0.0.1 is not reachable from this server: it is loopback"),
        ("http://localhost/", "the address 127.0.0.1 (localhost) is not reachable from this server: it is loopback"),
        ("http://[::1]/", "the address ::1 is not reachable from this server: it is loopback"),
        ("http://0x7f000001/", "the address 127.0.0.1 (0x7f000001) is not reachable from this server: it is loopback"),
        ("http://2130706433/", "the address 127.0.0.1 (2130706433) is not reachable from this server: it is loopback"),
        ("http://127.1/", "the address 127.0.0.1 (127.1) is not reachable from this server: it is loopback"),
        ("http://0177.0.0.1:8080/x", "the address 127.0.0.1 (0177.0.0.1) is not reachable from this server: it is loopback"),
        ("http://[::ffff:127.0.0.1]/", "the address ::ffff:127.0.0.1 is not reachable from this server: it is loopback"),
        ("http://public-looking.example/", "the address 127.0.0.1 (public-looking.example) is not reachable from this server: it is loopback"),
        ("https://split.example/", "the address 10.0.0.7 (split.example) is not reachable from this server: it is private"),
        ("http://metadata.example/latest/", "the address 169.254.169.254 (metadata.example) is not reachable from this server: it is a cloud's metadata service"),
        ("http://169.254.169.254/latest/meta-data/", "the address 169.254.169.254 is not reachable from this server: it is a cloud's metadata service"),
        ("http://10.1.2.3/", "the address 10.1.2.3 is not reachable from this server: it is private"),
        ("http://192.168.0.1/", "the address 192.168.0.1 is not reachable from this server: it is private"),
        ("http://100.64.0.1/", "the address 100.64.0.1 is not reachable from this server: it is shared (carrier-grade NAT)"),
        ("http://[fd00::1]/", "the address fd00::1 is not reachable from this server: it is private"),
        ("http://[fe80::1]/", "the address fe80::1 is not reachable from this server: it is link-local"),
        ("http://224.0.0.1/", "the address 224.0.0.1 is not reachable from this server: it is multicast"),
        ("http://0.0.0.0/", "the address 0.0.0.0 is not reachable from this server: it is unspecified"),
        ("http://1.2.3.256/", "1.2.3.256 is not a valid IP address"),
        ("file:///etc/passwd", "only http and https addresses can be read from this server"),
        ("ftp://www.example/", "only http and https addresses can be read from this server"),
    ])
    func whatALoopbackOrPrivateAddressWouldReachIsRefusedAndNeverSent(url text: String, reason: String) async throws {
        let url = try #require(URL(string: text))
        let count = Counter()
        let transport = Self.counting(count).guarded(by: AddressGuard(resolver: Self.resolver))
        await #expect(throws: NetworkError.refused(url: url, reason: reason)) {
            _ = try await transport.send(HTTPRequestMessage(url: url), HTTPLimits(timeout: .seconds(5), maximumBodySize: 1024))
        }
        #expect(await count.value == 0)
    }

    @Test(arguments: ["http://93.184.215.14/", "https://www.example/page", "http://[2606:4700:4700::1111]/", "http://www.example:8080/"])
    func publicAddressesAreLetThrough(url text: String) async throws {
        let url = try #require(URL(string: text))
        let count = Counter()
        let transport = Self.counting(count).guarded(by: AddressGuard(resolver: Self.resolver))
        let response = try await transport.send(HTTPRequestMessage(url: url), HTTPLimits(timeout: .seconds(5), maximumBodySize: 1024))
        #expect(response.status == 200)
        #expect(await count.value == 1)
    }

    @Test func privateAddressesAreLetThroughWhenAllowed() async throws {
        let url = try #require(URL(string: "http://localhost:8080/"))
        try await AddressGuard(resolver: Self.resolver, allowsPrivateAddresses: true).check(url)
        // Still only web addresses.
        let file = try #require(URL(string: "file:///etc/passwd"))
        await #expect(throws: NetworkError.refused(url: file, reason: "only http and https addresses can be read from this server")) {
            try await AddressGuard(resolver: Self.resolver, allowsPrivateAddresses: true).check(file)
        }
    }

    /// `--allow-private` is for a home network: link-local addresses and the clouds'
    /// metadata services (where a machine's credentials are) stay refused unless allowed on
    /// their own, as they are by `--allow-link-local`.
    @Test func linkLocalAndMetadataNeedTheirOwnPermission() async throws {
        let home = AddressGuard(resolver: Self.resolver, allowsPrivateAddresses: true)
        try await home.check(try #require(URL(string: "http://router.home/")))
        let refusals = [
            ("http://printer.local/", "the address 169.254.10.20 (printer.local) is not reachable from this server: it is link-local"),
            ("http://[fe80::1]/", "the address fe80::1 is not reachable from this server: it is link-local"),
            ("http://metadata.example/", "the address 169.254.169.254 (metadata.example) is not reachable from this server: it is a cloud's metadata service"),
            ("http://aws-v6.example/", "the address fd00:ec2::254 (aws-v6.example) is not reachable from this server: it is a cloud's metadata service"),
            ("http://[::ffff:169.254.169.254]/", "the address ::ffff:169.254.169.254 is not reachable from this server: it is a cloud's metadata service"),
            ("http://100.100.100.200/", "the address 100.100.100.200 is not reachable from this server: it is a cloud's metadata service"),
            ("http://168.63.129.16/", "the address 168.63.129.16 is not reachable from this server: it is a cloud's metadata service"),
        ]
        for (address, reason) in refusals {
            let url = try #require(URL(string: address))
            await #expect(throws: NetworkError.refused(url: url, reason: reason)) { try await home.check(url) }
        }
        let everything = AddressGuard(resolver: Self.resolver, allowsPrivateAddresses: true, allowsLinkLocalAddresses: true)
        for (address, _) in refusals { try await everything.check(try #require(URL(string: address))) }
        let linkLocalOnly = AddressGuard(resolver: Self.resolver, allowsLinkLocalAddresses: true)
        try await linkLocalOnly.check(try #require(URL(string: "http://printer.local/")))
        await #expect(throws: NetworkError.self) { try await linkLocalOnly.check(try #require(URL(string: "http://router.home/"))) }
    }

    @Test func aNameThatDoesNotResolveIsUnreachableAndNamed() async throws {
        let url = try #require(URL(string: "http://nowhere.example/"))
        await #expect(throws: NetworkError.unreachable(url: url, reason: "cannot resolve nowhere.example: not in the test's table")) {
            try await AddressGuard(resolver: Self.resolver).check(url)
        }
        // The cause is kept as the error it was, for code that needs to tell causes apart.
        do {
            try await AddressGuard(resolver: Self.resolver).check(url)
        } catch NetworkError.unreachable(_, let reason) {
            #expect((reason.error as? HostResolutionError)?.host == "nowhere.example")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1"), ("127.1", "127.0.0.1"), ("0x7f.1", "127.0.0.1"), ("0x7F000001", "127.0.0.1"), ("2130706433", "127.0.0.1"),
        ("0177.0.0.01", "127.0.0.1"), ("10.0.0.5.", "10.0.0.5"), ("0x", "0.0.0.0"), ("1.65536", "1.1.0.0"),
        // Leading zeros however many, as glibc and the URL Standard read them (the address-guard fuzz target).
        ("02.02." + String(repeating: "0", count: 58), "2.2.0.0"), ("0x000000000000000000000000000000007f.1", "127.0.0.1"),
    ])
    func hostsWrittenAsNumbersAreReadAsTheURLStandardReadsThem(host: String, address: String) {
        #expect(IPAddress.urlHost(host) == .address(IPAddress(address)!))
    }

    @Test(arguments: [("www.example", IPAddress.URLHost.name), ("0xg.example", .name), ("1.2.3.4.5", .invalid), ("1.2.3.256", .invalid),
                      ("256.1.1.1", .invalid), ("4294967296", .invalid), ("1.2.09", .invalid), ("1" + String(repeating: "0", count: 40), .invalid), ("example.123", .invalid), ("[::1", .invalid)])
    func otherHostsAreNamesOrInvalid(host: String, kind: IPAddress.URLHost) {
        #expect(IPAddress.urlHost(host) == kind)
    }

    // MARK: - Redirects, the operator's own origins, and addresses read from a file

    /// A transport that answers from a table of paths: a redirect, or 200 with the URL it was sent to.
    static func redirecting(_ count: Counter, _ redirects: [String: (Int, String)]) -> HTTPTransport {
        HTTPTransport { request, _ in
            await count.add()
            if let (status, location) = redirects[request.url.absoluteString] {
                return HTTPTransport.Response(status: status, fields: [HTTPHeaderField(name: "location", value: location)], body: Data())
            }
            let seen = "\(request.method) \(request.url.absoluteString) \(request.headers["Authorization"] ?? "-") \(request.body.map { String(decoding: $0, as: UTF8.self) } ?? "-")"
            return HTTPTransport.Response(status: 200, body: Data(seen.utf8))
        }
    }

    /// Each hop of a redirect goes through the guard, so a public address that redirects to a
    /// private one, a metadata service or a name that stands for loopback reaches nothing.
    @Test(arguments: [
        ("http://169.254.169.254/latest/meta-data/", "the address 169.254.169.254 is not reachable from this server: it is a cloud's metadata service"),
        ("http://public-looking.example/x.svg", "the address 127.0.0.1 (public-looking.example) is not reachable from this server: it is loopback"),
        ("/other.png", nil),
    ])
    func aRedirectToAnAddressTheGuardRefusesReachesNothing(location: String, reason: String?) async throws {
        let count = Counter()
        let start = "http://93.184.215.14/picture.png"
        let transport = Self.redirecting(count, [start: (302, location)]).guarded(by: AddressGuard(resolver: Self.resolver)).followingRedirects()
        do {
            let response = try await transport.send(HTTPRequestMessage(url: try #require(URL(string: start))), HTTPLimits())
            // A relative redirect stays on the public host: it is followed.
            #expect(reason == nil && response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            #expect(await count.value == 2)
        } catch NetworkError.refused(let url, let refusal) {
            #expect(refusal == reason)
            #expect(url.absoluteString == location)
            #expect(await count.value == 1, "only the public hop was sent")
        }
    }

    @Test func redirectsAreFollowedAsBrowsersDoAndBounded() async throws {
        let count = Counter()
        let transport = Self.redirecting(count, [
            "https://www.example/a": (303, "https://www.example/b"),
            "https://www.example/login": (307, "http://93.184.215.14/elsewhere"),
            "https://www.example/loop": (301, "https://www.example/loop"),
        ]).guarded(by: AddressGuard(resolver: Self.resolver)).followingRedirects(limit: 3)
        let posted = try await transport.send(HTTPRequestMessage(method: "POST", url: try #require(URL(string: "https://www.example/a")), body: Data("x=1".utf8)),
                                              HTTPLimits())
        #expect(String(decoding: posted.body, as: UTF8.self) == "GET https://www.example/b - -", "a 303 continues as a GET without the body")
        let kept = try await transport.send(HTTPRequestMessage(method: "POST", url: try #require(URL(string: "https://www.example/login")),
                                                               headers: ["Authorization": "Bearer secret"], body: Data("x=1".utf8)), HTTPLimits())
        #expect(String(decoding: kept.body, as: UTF8.self) == "POST http://93.184.215.14/elsewhere - x=1", "a 307 keeps the method; credentials stay home")
        let loop = try #require(URL(string: "https://www.example/loop"))
        await #expect(throws: NetworkError.invalidResponse(url: loop, reason: "more than 3 redirects")) {
            _ = try await transport.send(HTTPRequestMessage(url: loop), HTTPLimits())
        }
    }

    /// The addresses the operator named are reached as named, whatever they are; only their
    /// origin is trusted, not where they redirect nor another port of the same host.
    @Test func theOperatorsOwnOriginIsReachedAndNothingItRedirectsTo() async throws {
        let count = Counter()
        let addressGuard = AddressGuard(resolver: .unimplemented, trusting: [try #require(URL(string: "http://127.0.0.1:8081/stella/api"))])
        let transport = Self.redirecting(count, ["http://127.0.0.1:8081/cover": (302, "http://127.0.0.1:9000/secret")]).guarded(by: addressGuard).followingRedirects()
        let own = try await transport.send(HTTPRequestMessage(url: try #require(URL(string: "http://127.0.0.1:8081/stella/api/products"))), HTTPLimits())
        #expect(own.status == 200)
        await #expect(throws: NetworkError.refused(url: try #require(URL(string: "http://127.0.0.1:9000/secret")),
                                                   reason: "the address 127.0.0.1 is not reachable from this server: it is loopback")) {
            _ = try await transport.send(HTTPRequestMessage(url: try #require(URL(string: "http://127.0.0.1:8081/cover"))), HTTPLimits())
        }
        #expect(await count.value == 2)
    }

    /// An imported catalogue's addresses are judged as they are read, without asking DNS: what is
    /// written as a refused address is refused then; a name waits for the fetch.
    @Test(arguments: [
        ("http://10.0.0.1/a.svg", "the address 10.0.0.1 is not reachable from this server: it is private"),
        ("http://0x7f000001/a.svg", "the address 127.0.0.1 is not reachable from this server: it is loopback"),
        ("http://[::ffff:127.0.0.1]/a.svg", "the address ::ffff:127.0.0.1 is not reachable from this server: it is loopback"),
        ("http://169.254.169.254/latest/meta-data/x.svg", "the address 169.254.169.254 is not reachable from this server: it is a cloud's metadata service"),
        ("ftp://cdn.example/a.png", "only http and https addresses can be read from this server"),
        ("https://cdn.example/a.png", nil), ("http://93.184.215.14/a.png", nil),
    ])
    func addressesReadFromAFileAreJudgedWithoutDNS(url text: String, reason: String?) throws {
        let addressGuard = AddressGuard(resolver: .unimplemented)
        #expect(addressGuard.refusalWithoutResolving(try #require(URL(string: text))) == reason)
        #expect(AddressGuard(resolver: .unimplemented, allowsPrivateAddresses: true).refusalWithoutResolving(try #require(URL(string: "http://10.0.0.1/a.svg"))) == nil)
    }
}
