/// Reads a list's query parameters (`page`, `per_page`, a sort, a filter), keeping a
/// `FieldError` that names each bad one, so that the list is still shown with the others and
/// every problem is told at once.
public struct ParameterReader {
    private let parameter: (String) -> String?
    public private(set) var errors: [FieldError] = []

    public init(_ parameter: @escaping (String) -> String?) {
        self.parameter = parameter
    }

    /// The parameter trimmed; nil when absent or blank.
    public func text(_ name: String) -> String? {
        guard let value = parameter(name)?.trimmed(), !value.isEmpty else { return nil }
        return value
    }

    /// A whole number within `range`; nil (and an error) for anything else.
    public mutating func count(_ name: String, _ range: ClosedRange<Int>) -> Int? {
        guard let value = text(name) else { return nil }
        guard let number = Int(digits: value), range.contains(number) else {
            errors.append(FieldError(field: name, message: "\"\(value.prefix(20))\" is not a whole number from \(range.lowerBound) to \(range.upperBound)"))
            return nil
        }
        return number
    }

    /// One of `Choice`'s raw values; nil (and an error listing them) for anything else.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, _ type: Choice.Type) -> Choice? where Choice.RawValue == String {
        guard let value = text(name) else { return nil }
        guard let choice = Choice(rawValue: value) else {
            errors.append(FieldError(field: name, message: "\"\(value.prefix(40))\" is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))"))
            return nil
        }
        return choice
    }

    /// A yes or no: true, 1 or yes; false, 0, no or absent; an error for anything else.
    public mutating func flag(_ name: String) -> Bool {
        switch text(name)?.lowercased() {
        case nil, "false", "0", "no": return false
        case "true", "1", "yes": return true
        case let other?:
            errors.append(FieldError(field: name, message: "\"\(other.prefix(40))\" is not true or false"))
            return false
        }
    }

    /// Keeps an error found by the caller, such as two parameters that disagree.
    public mutating func refuse(_ name: String, _ message: String) {
        errors.append(FieldError(field: name, message: message))
    }
}
