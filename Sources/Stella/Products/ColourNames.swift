/// The shades of colour names a catalogue uses, for swatches and drawings: "Navy" → "#1F2A44".
public enum ColourNames {
    static let shades: [String: String] = [
        "black": "#1B1B1B", "ivory": "#F3EEE3", "navy": "#1F2A44", "camel": "#C19A6B", "bordeaux": "#6D1A36", "forest": "#2F4F3A",
        "blush": "#E8B4B8", "sky": "#8DB6D9", "ochre": "#CC8A1E", "grey": "#8A8D91", "gray": "#8A8D91", "red": "#B3262E",
        "white": "#FAFAFA", "blue": "#2B5DA8", "green": "#3C7A45", "yellow": "#E8C547", "pink": "#E58FB0", "purple": "#6B3FA0",
        "brown": "#6B4A2E", "beige": "#D8C8A8", "cream": "#F4EBD0", "orange": "#E07B24", "olive": "#6B6B2E", "khaki": "#A89F6B",
        "silver": "#B8BCC2", "gold": "#C9A43B", "tan": "#C8A27A", "burgundy": "#6D1A36", "teal": "#2A7F7F", "charcoal": "#3A3D42",
    ]

    /// "#1F2A44" for "Navy" in any case; nil for a name it does not know.
    public static func hex(_ name: String) -> String? {
        shades[name.lowercased()]
    }
}
