import Foundation

/// The name the history shows for a host: the registrable part of its address, capitalised
/// ("www.reddit.com" and "reddit.com" are both "Reddit"), short names in capitals ("bbc.co.uk"
/// is "BBC"). The seed took the last label ("Com"); this takes the label before the public suffix.
public enum HostNaming {
    public static func displayName(for address: String) -> String {
        let host = address.lowercased().trimmingCharacters(in: ["."])
        if host.isEmpty { return address }
        if host.allSatisfy({ $0.isNumber || $0 == "." }) || host.contains(":") || host == "localhost" { return host }
        var labels = host.split(separator: ".").map(String.init)
        guard labels.count > 1 else { return capitalised(labels[0]) }
        let suffixLength = labels.count > 2 && secondLevelSuffixes.contains(labels.suffix(2).joined(separator: ".")) ? 2 : 1
        labels.removeLast(suffixLength)
        return capitalised(labels.last ?? host)
    }

    private static func capitalised(_ label: String) -> String {
        if label.count <= 3 { return label.uppercased() }
        return label.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
    }

    /// Public suffixes of two labels in common use (country second-level domains).
    private static let secondLevelSuffixes: Set<String> = [
        "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "ltd.uk", "plc.uk", "net.uk", "sch.uk", "nhs.uk",
        "com.au", "net.au", "org.au", "edu.au", "gov.au", "asn.au", "id.au",
        "co.nz", "org.nz", "govt.nz", "ac.nz", "net.nz", "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp",
        "co.kr", "or.kr", "com.br", "net.br", "org.br", "gov.br", "com.cn", "net.cn", "org.cn", "gov.cn", "edu.cn",
        "com.tw", "org.tw", "edu.tw", "com.hk", "org.hk", "edu.hk", "com.sg", "edu.sg", "gov.sg", "co.in", "net.in", "org.in",
        "ac.in", "gov.in", "co.za", "org.za", "gov.za", "ac.za", "com.mx", "org.mx", "gob.mx", "com.ar", "com.tr", "org.tr",
        "com.ua", "co.il", "org.il", "ac.il", "co.id", "or.id", "ac.id", "com.my", "com.ph", "com.pk", "com.eg", "com.sa",
        "co.th", "ac.th", "com.vn", "com.pl", "co.at", "or.at", "ac.at", "com.es", "com.co", "com.pe", "com.ve", "com.ng",
        "github.io", "gitlab.io", "blogspot.com", "herokuapp.com", "appspot.com", "netlify.app", "vercel.app", "pages.dev",
    ]
}
