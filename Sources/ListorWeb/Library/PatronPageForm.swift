import Library

/// What the patrons' page forms send: the CSRF token, the version the form was filled from, a
/// patron's fields, and for a merge the patron merged in.
struct PatronPageForm: CSRFProtectedForm {
    var csrf: String?
    var version: String?
    var name: String?
    var card: String?
    var email: String?
    var phone: String?
    var notes: String?
    /// "on" when "No reminders by email" is ticked.
    var remindersOff: String?
    var from: String?

    enum CodingKeys: String, CodingKey {
        case csrf, version, name, card, email, phone, notes, from
        case remindersOff = "reminders_off"
    }

    var patronForm: PatronForm {
        PatronForm(name: name ?? "", card: card ?? "", email: email ?? "", phone: phone ?? "", notes: notes ?? "", remindersOff: remindersOff != nil)
    }
}
