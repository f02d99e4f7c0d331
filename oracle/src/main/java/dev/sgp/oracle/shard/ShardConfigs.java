package dev.sgp.oracle.shard;

import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.message.IncrementalAlterConfigsRequestData;
import org.apache.kafka.common.message.IncrementalAlterConfigsResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiError;
import org.apache.kafka.coordinator.group.GroupConfig;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * IncrementalAlterConfigs on GROUP resources, which the controller validates and the broker hands to the group
 * coordinator's GroupConfigManager: the group's configs after the alterations, checked by Kafka's own
 * GroupConfig.validate against the broker's bounds, then applied (unless validateOnly).
 */
final class ShardConfigs {
    private ShardConfigs() { }

    /** Each group's configs as set so far (the cluster metadata: a failover keeps them). */
    private static final Map<ShardWorld, Map<String, Map<String, String>>> SET = new java.util.WeakHashMap<>();

    static IncrementalAlterConfigsResponseData alter(ShardWorld world, IncrementalAlterConfigsRequestData request) {
        IncrementalAlterConfigsResponseData out = new IncrementalAlterConfigsResponseData();
        Map<String, Map<String, String>> groups = SET.computeIfAbsent(world, w -> new HashMap<>());
        for (IncrementalAlterConfigsRequestData.AlterConfigsResource r : request.resources()) {
            IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse res = new IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse()
                .setResourceType(r.resourceType()).setResourceName(r.resourceName()).setErrorMessage(null);
            out.responses().add(res);
            if (r.resourceType() != ConfigResource.Type.GROUP.id()) {
                res.setErrorCode(Errors.INVALID_REQUEST.code()).setErrorMessage("the shard engine changes group configs only");
                continue;
            }
            try {
                Map<String, String> next = new HashMap<>(groups.getOrDefault(r.resourceName(), Map.of()));
                for (IncrementalAlterConfigsRequestData.AlterableConfig c : r.configs()) {
                    switch (c.configOperation()) {
                        case 0 -> next.put(c.name(), c.value());
                        case 1 -> next.remove(c.name());
                        default -> throw new org.apache.kafka.common.errors.InvalidRequestException("Config operation " + c.configOperation() + " is not supported for group configs");
                    }
                }
                GroupConfig.validateNames(next);
                GroupConfig.validate(next, world.config, world.shareConfig);
                if (!request.validateOnly()) {
                    groups.put(r.resourceName(), next);
                    Properties props = new Properties();
                    props.putAll(next);
                    world.groupConfigs.updateGroupConfig(r.resourceName(), props);
                }
            } catch (RuntimeException e) {
                ApiError error = ApiError.fromThrowable(e);
                res.setErrorCode(error.error().code()).setErrorMessage(error.message());
            }
        }
        return out;
    }
}
