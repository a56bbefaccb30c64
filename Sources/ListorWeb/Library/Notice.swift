/// What a page says after a redirect: a fixed key in the URL, never text from it.
enum Notice {
    static func text(_ key: String?) -> String? {
        switch key {
        case "added": "Added."
        case "saved": "Saved."
        case "checked-out": "Checked out."
        case "checked-in": "Checked in."
        case "renewed": "Renewed."
        case "hold-placed": "Hold placed."
        case "hold-cancelled": "Hold cancelled."
        case "patron-added": "Patron added."
        case "patron-saved": "Saved."
        case "merged": "Merged."
        case "patron-deleted": "Patron deleted."
        case "deleted": "Deleted."
        case "signed-out": "Signed out."
        default: nil
        }
    }
}
