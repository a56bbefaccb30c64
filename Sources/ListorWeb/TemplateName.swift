/// Every template, by name: a page is rendered with one of these, and each is checked when the
/// server starts, so that a missing template stops the start rather than failing a request.
enum TemplateName: String, CaseIterable, Sendable {
    case browserAddressBar = "browser/address-bar", browserHost = "browser/host", browserHosts = "browser/hosts", browserRead = "browser/read"
    case error, home, layout, option, signIn = "sign-in"
    case libraryBorrower = "library/borrower", libraryDelete = "library/delete", libraryDetail = "library/detail", libraryForm = "library/form"
    case libraryLetter = "library/letter", libraryList = "library/list", libraryPatron = "library/patron", libraryPatronForm = "library/patron-form"
    case libraryPatrons = "library/patrons", libraryReminders = "library/reminders", libraryTransfer = "library/transfer"
    case modbusChart = "modbus/chart", modbusPlant = "modbus/plant", modbusRecorded = "modbus/recorded", modbusRow = "modbus/row"
    case modbusSheet = "modbus/sheet", modbusSparkline = "modbus/sparkline", modbusVariable = "modbus/variable"
    case stellaBag = "stella/bag", stellaCheckout = "stella/checkout", stellaDepartments = "stella/departments", stellaNav = "stella/nav"
    case stellaOrder = "stella/order", stellaProduct = "stella/product", stellaProducts = "stella/products", stellaSearch = "stella/search"
    case stellaOwnerImport = "stella/owner-import", stellaOwnerNav = "stella/owner-nav", stellaOwnerOrder = "stella/owner-order"
    case stellaOwnerOrders = "stella/owner-orders", stellaOwnerProducts = "stella/owner-products", stellaOwnerStock = "stella/owner-stock"
    case stellaOwnerStockHistory = "stella/owner-stock-history"
    case transistorsBrowser = "transistors/browser", transistorsCompare = "transistors/compare", transistorsRow = "transistors/row"
    case transistorsSubstitute = "transistors/substitute"
}
