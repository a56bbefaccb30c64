import Foundation
import Hummingbird

/// One choice of a select, as `option.mustache` shows it.
struct Choice: Encodable {
    let value: String
    let label: String
    let selected: Bool
    /// A choice that would give nothing: shown, not chosen.
    var disabled = false
}
