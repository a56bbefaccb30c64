import Foundation
import Hummingbird

struct HomePage: Encodable {
    let title = "Listor"
    let tiles: [AppTile]
}
