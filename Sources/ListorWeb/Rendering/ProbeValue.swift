import Mustache

/// Where an encoder puts what it built for the probe.
final class ProbePlace {
    var value: ProbeValue = .absent
}

/// The page as swift-mustache sees it while a template is compiled.
enum ProbeValue {
    case object(ProbeObject)
    case array(ProbeArray)
    case bool(Bool)
    case marker(String)
    case absent

    var mustacheValue: Any? {
        switch self {
        case .object(let object): object
        case .array(let array): array.elements.map(\.mustacheValue) as [Any?]
        case .bool(let flag): flag
        case .marker(let marker): marker
        case .absent: nil
        }
    }
}

final class ProbeObject: MustacheParent {
    var fields: [String: ProbeValue] = [:]

    func child(named name: String) -> Any? {
        fields[name]?.mustacheValue
    }
}

final class ProbeArray {
    var elements: [ProbeValue] = []
}
