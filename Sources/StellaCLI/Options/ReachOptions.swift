import ArgumentParser
import ListorCommandKit

/// Which addresses that came from outside (a visitor's, a file's, a redirect's) the server may
/// connect to, for `serve` and for checking a catalogue's pictures as it is imported.
package struct ReachOptions: ParsableArguments {
    package init() {}

    @Flag(name: .customLong("allow-private"),
          help: "Let the server fetch loopback and private addresses that came from outside too: pages for the reader, pictures an imported catalogue names, redirects (for a home network, and for tests); off by default, so that nobody can reach this server's network through it.")
    var allowPrivate = false
    @Flag(name: .customLong("allow-link-local"),
          help: "Let the server fetch link-local addresses (169.254.0.0/16, fe80::/10) and the clouds' metadata services (169.254.169.254, fd00:ec2::254, 100.100.100.200, 168.63.129.16), which hold this machine's credentials on a cloud; off even with --allow-private.")
    var allowLinkLocal = false

    package var reach: OutboundReach {
        OutboundReach(allowsPrivateAddresses: allowPrivate, allowsLinkLocalAddresses: allowLinkLocal)
    }
}
