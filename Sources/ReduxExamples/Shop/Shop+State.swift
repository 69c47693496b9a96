import Foundation

/// A shopping app: a catalog, product packages whose contents can be adjusted, a cart with
/// a total kept in step, and a login flow handled by a middleware.
public enum Shop {
    /// A product on sale.
    public struct Product: Codable, Equatable, Sendable, Identifiable {
        public var id: Int
        public var name: String
        public var price: Decimal

        /// Creates a product.
        public init(id: Int, name: String, price: Decimal) {
            self.id = id
            self.name = name
            self.price = price
        }
    }

    /// One line of the cart.
    public struct CartItem: Codable, Equatable, Sendable, Identifiable {
        public var id: Int
        public var name: String
        public var price: Decimal
        public var quantity: Int

        /// Creates a cart line.
        public init(id: Int, name: String, price: Decimal, quantity: Int) {
            self.id = id
            self.name = name
            self.price = price
            self.quantity = quantity
        }
    }

    /// A bundle of products sold together; the shopper adjusts quantities before adding it.
    public struct Package: Codable, Equatable, Sendable, Identifiable {
        public var id: Int
        public var name: String
        public var items: [CartItem]

        /// Creates a package.
        public init(id: Int, name: String, items: [CartItem]) {
            self.id = id
            self.name = name
            self.items = items
        }
    }

    /// The cart: its lines and their total, recomputed on every change.
    public struct Cart: Codable, Equatable, Sendable {
        public var items: [CartItem] = []
        public var total: Decimal = 0

        /// Creates an empty cart.
        public init() {}
    }

    /// A signed-in shopper.
    public struct User: Codable, Equatable, Sendable {
        public var username: String
        public var displayName: String
        public var token: String

        /// Creates a user.
        public init(username: String, displayName: String, token: String) {
            self.username = username
            self.displayName = displayName
            self.token = token
        }
    }

    /// The whole shop state.
    public struct State: Codable, Equatable, Sendable {
        public var user: User?
        public var isLoading = false
        public var error: String?
        public var catalog: [Product]
        public var packages: [Package]
        public var cart = Cart()

        /// Creates a state with the demo catalog and packages.
        public init(catalog: [Product] = Shop.catalog, packages: [Package] = Shop.packages) {
            self.catalog = catalog
            self.packages = packages
        }
    }

    /// The demo catalog.
    public static let catalog: [Product] = [
        Product(id: 1, name: "Green tea", price: Decimal(string: "4.50")!),
        Product(id: 2, name: "Espresso beans", price: Decimal(string: "12.99")!),
        Product(id: 3, name: "Ceramic mug", price: Decimal(string: "9.99")!),
        Product(id: 4, name: "Milk frother", price: Decimal(string: "24.00")!),
        Product(id: 5, name: "Oat biscuits", price: Decimal(string: "3.25")!),
    ]

    /// The demo packages.
    public static let packages: [Package] = [
        Package(
            id: 100, name: "Tea time",
            items: [
                CartItem(id: 1, name: "Green tea", price: Decimal(string: "4.50")!, quantity: 2),
                CartItem(id: 5, name: "Oat biscuits", price: Decimal(string: "3.25")!, quantity: 1),
            ]),
        Package(
            id: 200, name: "Barista kit",
            items: [
                CartItem(id: 2, name: "Espresso beans", price: Decimal(string: "12.99")!, quantity: 1),
                CartItem(id: 3, name: "Ceramic mug", price: Decimal(string: "9.99")!, quantity: 2),
                CartItem(id: 4, name: "Milk frother", price: Decimal(string: "24.00")!, quantity: 1),
            ]),
    ]
}
