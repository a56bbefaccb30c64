import Foundation
import ListorCommandKit
import TextBrowser

/// What `listor browse` is built from: where the history lives (or none), the layout width,
/// the bounds on each page, a character set chosen by hand.
struct BrowserSettings: Sendable {
    var dataDirectory: String
    var keepsHistory = true
    var width = 80
    /// Each page's article alone (`--reader`).
    var articleOnly = false
    var timeout: Duration = .seconds(30)
    var connectTimeout: Duration = .seconds(10)
    /// The largest body, after decompression, the browser reads.
    var maximumSize = 5 << 20
    var charset: Charset?
}
