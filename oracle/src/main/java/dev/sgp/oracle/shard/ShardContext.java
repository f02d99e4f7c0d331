package dev.sgp.oracle.shard;

import org.apache.kafka.common.security.auth.KafkaPrincipal;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.server.authorizer.AuthorizableRequestContext;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The request context the shard reads: the client id and host it stores in a member's metadata, the API version. */
record ShardContext(String clientId, InetAddress clientAddress, int requestType, int requestVersion) implements AuthorizableRequestContext {
    /** `host` as the playground writes it ("/127.0.0.1"): a literal address, never looked up. */
    static ShardContext of(String clientId, String host, int apiKey, int version) {
        String literal = host.startsWith("/") ? host.substring(1) : host;
        try {
            return new ShardContext(clientId, InetAddress.getByName(literal), apiKey, version);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("client host " + host + " is not an IP address", e);
        }
    }

    @Override
    public String listenerName() {
        return "PLAINTEXT";
    }

    @Override
    public SecurityProtocol securityProtocol() {
        return SecurityProtocol.PLAINTEXT;
    }

    @Override
    public KafkaPrincipal principal() {
        return KafkaPrincipal.ANONYMOUS;
    }

    @Override
    public int correlationId() {
        return 0;
    }
}
